import Foundation
import FuzzSupport

/// libFuzzer's entry point: two exports of one WhatsApp chat, merged and written as canonical JSON as
/// `transcripts import A B` does. The input is cut at its first zero byte, or else into its first two thirds and
/// its last two thirds (overlapping exports, as a phone writes them).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Data(fuzzInput: data, size)
    let (first, second): (Data, Data)
    if let cut = input.firstIndex(of: 0) {
        (first, second) = (input[..<cut], input[(cut + 1)...])
    } else {
        (first, second) = (input.prefix(size * 2 / 3), input.suffix(size * 2 / 3))
    }
    let root = FuzzScratch.write([
        "a/WhatsApp Chat with Ann.txt": Data(first), "b/WhatsApp Chat with Ann.txt": Data(second),
        "a/IMG-20230102-WA0001.jpg": Data("jpeg".utf8),
    ])
    do {
        _ = try ExportConverter(timeZone: TimeZone(identifier: "UTC")!).convert(
            [root.appendingPathComponent("a"), root.appendingPathComponent("b")], to: root.appendingPathComponent("merged.json"))
    } catch {
        FuzzScratch.note(error)
    }
    return 0
}
