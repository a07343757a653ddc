import Testing

@testable import TranscriptSupport

@Suite struct FreedMemoryTests {
    /// The resident size `giveBack` goes by is the process's: it holds what is written to new memory (other tests
    /// may allocate and free meanwhile, so it is checked against the block alone).
    @Test func theResidentSizeCountsMemoryInUse() throws {
        let before = try #require(FreedMemory.residentBytes())
        #expect(before > 1 << 20)
        let size = 64 << 20
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 4096)
        defer { bytes.deallocate() }
        bytes.initializeMemory(as: UInt8.self, repeating: 1)
        let after = try #require(FreedMemory.residentBytes())
        #expect(after >= size)
        #expect(bytes.last == 1)
    }
}
