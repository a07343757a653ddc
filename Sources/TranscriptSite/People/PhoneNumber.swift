import CPhoneNumbers

/// Phone numbers as E.164, by Google's libphonenumber (the one file that reaches it, through `CPhoneNumbers`).
enum PhoneNumber {
    /// `text` ("+1 (555) 555-0101", "0151 12345678") as E.164 ("+15555550101"), or nil when it is not a possible
    /// number; a number written without a country code is read in `region` (a region code such as "DE"), and
    /// is nil without one.
    static func e164(_ text: String, region: String?) -> String? {
        var out = [CChar](repeating: 0, count: 32)
        let length = out.withUnsafeMutableBufferPointer { buffer in
            transcripts_phone_number_e164(text, region, buffer.baseAddress, buffer.count)
        }
        guard length > 0 else { return nil }
        return String(decoding: out[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
