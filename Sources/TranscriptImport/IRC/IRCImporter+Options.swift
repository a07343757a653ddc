/// `formats: {irc: {year: 2005}}`: the year of dircproxy logs whose file names hold no date.
extension IRCImporter: ConfigurableImporter {
    public var optionKeys: [String] { ["year"] }

    public func configured(with options: ImporterOptions) throws -> any ExportImporter {
        guard let year = try options.integer("year") else { return self }
        guard (1...9999).contains(year) else {
            throw ImporterOptionError(key: "year", message: "expected a year from 1 to 9999, found \(year)")
        }
        return IRCImporter(year: year)
    }
}
