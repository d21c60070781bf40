/// Why a document could not be read or written, worded for the user.
public struct DocumentError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
