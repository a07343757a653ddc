import Foundation
import TranscriptModel

/// `formats: {imessage: {contacts: contacts.vcf, attachmentsRoot: backup/Messages}}`: names for the handles (a
/// vCard or YAML file) and the folder that stands for `~/Library/Messages` (holding `Attachments/`), when it is
/// not the database's folder. Relative paths are read from the site's folder.
extension IMessageImporter: ConfigurableImporter {
    public var optionKeys: [String] { ["contacts", "attachmentsRoot"] }

    public func configured(with options: ImporterOptions) throws -> any ExportImporter {
        var configured = self
        if let contacts = try options.url("contacts") { configured.contacts = contacts }
        if let root = try options.url("attachmentsRoot") { configured.attachmentsRoot = root }
        return configured
    }
}
