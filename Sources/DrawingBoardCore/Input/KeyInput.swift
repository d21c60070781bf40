/// A key press, translated once from the platform's key codes.
public struct KeyInput: Sendable, Hashable {
    public enum Key: Sendable, Hashable {
        /// A printable key, as its unshifted character in lower case (`z`, `1`, `[`).
        case character(Character)
        case escape
        case enter
        case f1
        case f3
        case f9
        case f10
        case f11
        case up, down, left, right
        case home, end, pageUp, pageDown
        case delete
        case backspace
        case tab
    }

    public var key: Key
    public var ctrl: Bool
    public var shift: Bool
    public var alt: Bool

    public init(_ key: Key, ctrl: Bool = false, shift: Bool = false, alt: Bool = false) {
        self.key = key
        self.ctrl = ctrl
        self.shift = shift
        self.alt = alt
    }
}
