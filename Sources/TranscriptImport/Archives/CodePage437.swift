/// IBM code page 437: what a zip archive's member names are written in unless a flag says UTF-8 (the zip
/// specification's rule, which Windows' zipped folders and older tools follow).
enum CodePage437 {
    /// The characters of the bytes 0x80 to 0xFF; the bytes below are ASCII in file names.
    static let upperHalf: [Unicode.Scalar] = Array(
        "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u{A0}"
            .unicodeScalars)

    /// The text of `bytes` read as code page 437.
    static func decode(_ bytes: some Sequence<UInt8>) -> String {
        var text = String.UnicodeScalarView()
        for byte in bytes {
            text.append(byte < 0x80 ? Unicode.Scalar(byte) : upperHalf[Int(byte) - 0x80])
        }
        return String(text)
    }
}
