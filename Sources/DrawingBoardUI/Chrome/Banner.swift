import DrawingBoardCore
import DrawingBoardRender

/// The message banner under the top bar: news (a save, an export) for five seconds, an error
/// for ten, wrapped to at most three lines (smaller text when three lines do not hold it).
struct Banner {
    struct Message {
        var text: String
        var isError: Bool
        var until: Double
        /// Lines the text takes in the banner (at most three).
        var lines = 1
        var textSize = Theme.textSize
    }

    static let duration = 5.0

    private(set) var message: Message?

    /// Shows `text`; it replaces any older message. An error stays twice as long as news.
    mutating func show(_ text: String, isError: Bool, now: Double, window: PixelSize, scale: Double) {
        let width = Layout.messageWidth(window: window, scale: scale) - 24 * scale
        var m = Message(text: text.escapingControlCharacters, isError: isError, until: now + Self.duration * (isError ? 2 : 1))
        for size in [Theme.textSize, Theme.smallText, 11] {
            m.textSize = size
            m.lines = TextMetrics.lineCount(m.text, width: width, size: size * scale)
            if m.lines <= 3 { break }
        }
        m.lines = min(m.lines, 3)
        message = m
    }

    /// The message stays until it is dismissed (the eyedropper's instructions).
    mutating func keep() { message?.until = .infinity }

    mutating func dismiss() { message = nil }

    /// Whether the message is an error.
    var isError: Bool { message?.isError == true }

    /// The message goes when its time is up; true when it went.
    mutating func expire(at now: Double) -> Bool {
        guard let m = message, now >= m.until else { return false }
        message = nil
        return true
    }

    /// When the message goes, if it goes by itself.
    var expiry: Double? { message.flatMap { $0.until.isFinite ? $0.until : nil } }
}
