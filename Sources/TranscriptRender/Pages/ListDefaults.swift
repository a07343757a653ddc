/// What the rows of a page's list of messages share by default, taken from its first incoming message: set once
/// on the list (`ol.transcript`), so that the rows of the usual look and layout need not repeat it.
public struct ListDefaults: Sendable, Equatable {
    /// The look class (colours and lengths as CSS variables, which the rows inherit).
    public var look: String
    /// Whether incoming rows keep room for an avatar (`with-avatars` on the list).
    public var reservesAvatarSpace: Bool
}
