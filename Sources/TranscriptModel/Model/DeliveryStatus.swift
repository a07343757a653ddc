/// Where a sent message is on its way to its readers (IMUI's status view).
public enum DeliveryStatus: String, Codable, Sendable, CaseIterable {
    case sending, sent, delivered, read, failed
}
