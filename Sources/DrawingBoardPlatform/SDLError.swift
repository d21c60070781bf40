import CSDL2

/// A failure of the window system, worded for the user.
public struct PlatformError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }

    /// The message SDL left for the last failed call.
    static func sdl(_ what: String) -> PlatformError {
        PlatformError("\(what): \(String(cString: SDL_GetError()))")
    }
}
