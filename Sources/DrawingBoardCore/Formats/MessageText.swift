/// Text from files and scripts shown in messages: control characters (a newline in a tool
/// name, an escape sequence in a file name) are written as escapes, so a message stays one line
/// and nothing reaches the terminal as a command.
extension String {
    public var escapingControlCharacters: String {
        guard unicodeScalars.contains(where: Self.isControl) else { return self }
        var out = ""
        out.reserveCapacity(utf8.count + 8)
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where Self.isControl(scalar):
                let hex = String(scalar.value, radix: 16)
                out += "\\u{" + hex + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The text as a message quotes it: in quotes, its first `scalars` characters (counted as
    /// Unicode scalars, so a run of combining marks cannot make the line long), then "…".
    public func quotedExcerpt(_ scalars: Int = 24) -> String {
        let head = unicodeScalars.prefix(scalars)
        var text = ""
        text.unicodeScalars.append(contentsOf: head)
        return "\"" + text.escapingControlCharacters + (head.count < unicodeScalars.count ? "…" : "") + "\""
    }

    /// C0 and C1 controls, DEL, and the bidirectional overrides that can make a message read
    /// differently from what it holds.
    private static func isControl(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x20 || (0x7F...0x9F).contains(s.value) || (0x202A...0x202E).contains(s.value)
            || (0x2066...0x2069).contains(s.value)
    }
}
