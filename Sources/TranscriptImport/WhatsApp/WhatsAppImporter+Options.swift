/// `formats: {whatsapp: {dateOrder: dayFirst}}`: the order of day, month and year when the file's own dates
/// cannot tell.
extension WhatsAppImporter: ConfigurableImporter {
    public var optionKeys: [String] { ["dateOrder"] }

    public func configured(with options: ImporterOptions) throws -> any ExportImporter {
        guard let text = try options.string("dateOrder") else { return self }
        guard let order = DateOrder(rawValue: text) else {
            throw ImporterOptionError(
                key: "dateOrder",
                message: "\"\(text)\" is not a date order (\(DateOrder.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return WhatsAppImporter(dateOrder: order)
    }
}
