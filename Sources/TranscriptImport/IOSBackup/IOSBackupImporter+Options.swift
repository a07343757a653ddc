import Foundation

/// `formats: {ios-backup: {contacts: contacts.vcf}}` (and `ios-backup-messages`): names for the Messages handles
/// (a vCard or YAML file, as the iMessage importer's `contacts`), before those of the phone's own address book.
/// A relative path is read from the site's folder.
extension IOSBackupImporter: ConfigurableImporter {
    public var optionKeys: [String] { ["contacts"] }

    public func configured(with options: ImporterOptions) throws -> any ExportImporter {
        var configured = self
        if let contacts = try options.url("contacts") { configured.contacts = contacts }
        return configured
    }
}
