/// `formats: {irc: {year: 2005}}`: the year of dircproxy logs whose file names hold no date.
extension IRCImporter: ConfigurableImporter {
    public var optionKeys: [String] { ["year"] }

    public func configured(with options: ImporterOptions) throws -> any ExportImporter {
        guard let year = try options.integer("year") else { return self }
        return IRCImporter(year: year)
    }
}
