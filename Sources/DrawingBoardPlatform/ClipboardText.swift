import CSDL2

/// The clipboard's text, for pasting into a text box (SDL reads it on X11 and Wayland).
public enum ClipboardText {
    /// Puts `text` on the clipboard (X11 and Wayland).
    public static func write(_ text: String) {
        _ = SDL_SetClipboardText(text)
    }

    /// The text on the clipboard, or nil when it holds none.
    public static func read() -> String? {
        guard SDL_HasClipboardText() == SDL_TRUE, let raw = SDL_GetClipboardText() else { return nil }
        defer { SDL_free(raw) }
        let text = String(cString: raw)
        return text.isEmpty ? nil : text
    }
}
