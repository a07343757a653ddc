extension String {
    /// Whether the two strings are the same value bit for bit: the same short string (held in the value itself,
    /// which is then its UTF-8 bytes and length), or the same storage at the same length. When they are, they are
    /// equal (`==`); when they are not, they may still be: a quick check before a dictionary's look-up, which
    /// hashes the text (`==` of texts that are not ASCII compares their normalized forms).
    @inlinable
    package func isIdentical(to other: String) -> Bool {
        // A string is two words on 64-bit platforms; elsewhere no answer is given (false says nothing).
        guard MemoryLayout<String>.size == 2 * MemoryLayout<UInt64>.size else { return false }
        return withUnsafeBytes(of: self) { left in
            withUnsafeBytes(of: other) { right in
                left.loadUnaligned(as: UInt64.self) == right.loadUnaligned(as: UInt64.self)
                    && left.loadUnaligned(fromByteOffset: 8, as: UInt64.self) == right.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            }
        }
    }
}
