/// A problem in a drawing script, with where it is (`steps[3].width`).
public struct ScriptError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A JSON path into the script, empty for the whole document.
    public var path: String
    public var message: String

    public init(_ path: String, _ message: String) {
        self.path = path
        self.message = message
    }

    /// One line: control characters from the script are shown as escapes.
    public var description: String { (path.isEmpty ? message : "\(path): \(message)").escapingControlCharacters }
}
