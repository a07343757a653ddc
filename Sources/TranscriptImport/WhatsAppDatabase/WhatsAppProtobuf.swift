/// The few fields transcripts reads of the protocol-buffer blobs WhatsApp keeps beside its messages (iOS's
/// `ZWAMEDIAITEM.ZMETADATA`): a message's fields are a key (field number and wire type) as a varint, then a
/// varint (type 0), 8 bytes (1), a length and that many bytes (2) or 4 bytes (5).
enum WhatsAppProtobuf {
    /// The bytes of the first length-delimited field `number` at the top level; nil when there is none or the
    /// blob cannot be read.
    static func bytes(ofField number: UInt64, in blob: [UInt8]) -> [UInt8]? {
        var index = 0
        func varint() -> UInt64? {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while index < blob.count, shift < 64 {
                let byte = blob[index]
                index += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return value }
                shift += 7
            }
            return nil
        }
        while index < blob.count {
            guard let key = varint() else { return nil }
            switch key & 7 {
            case 0: guard varint() != nil else { return nil }
            case 1: index += 8
            case 2:
                guard let length = varint(), length <= UInt64(blob.count - index) else { return nil }
                let end = index + Int(length)
                if key >> 3 == number { return Array(blob[index..<end]) }
                index = end
            case 5: index += 4
            default: return nil
            }
        }
        return nil
    }

    /// The stanza id of the message a message quotes: field 5 of `ZMETADATA`.
    static func quotedStanzaID(_ metadata: [UInt8]?) -> String? {
        guard let metadata, let bytes = bytes(ofField: 5, in: metadata), !bytes.isEmpty else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }
}
