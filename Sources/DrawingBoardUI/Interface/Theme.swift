import DrawingBoardCore

/// Sizes (in logical pixels, multiplied by the display scale) and colours of the interface.
/// Every control is at least 44 logical pixels, big enough for a finger.
public enum Theme {
    public static let minimumTarget = 44.0
    static let barHeight = 56.0
    static let button = 48.0
    static let segment = 52.0
    static let separator = 12.0
    static let pillPadding = 4.0
    static let margin = 8.0
    static let radius = 14.0
    static let row = 48.0
    static let iconSide = 24.0
    static let textSize = 15.0
    static let smallText = 13.0

    /// Opaque, so strokes under a panel never show through its text.
    static let chrome = RGBA(0.97, 0.97, 0.965, 1)
    static let chromeBorder = RGBA(0, 0, 0, 0.14)
    static let shadow = RGBA(0, 0, 0, 0.10)
    static let ink = RGBA(0.16, 0.16, 0.17)
    static let inkDisabled = RGBA(0.16, 0.16, 0.17, 0.28)
    /// Secondary text (hints, key names in the menu): readable, quieter than the ink.
    static let inkMuted = RGBA(0.16, 0.16, 0.17, 0.62)
    static let accent = RGBA(hex: "#3465a4")
    static let onAccent = RGBA(1, 1, 1)
    static let hover = RGBA(0, 0, 0, 0.07)
    static let pressed = RGBA(0, 0, 0, 0.14)
    static let track = RGBA(0, 0, 0, 0.16)
    static let tooltip = RGBA(0.13, 0.13, 0.14, 0.94)
    static let error = RGBA(hex: "#c01c28")
    static let info = RGBA(hex: "#26a269")
    /// Marks the shape tools while a shape helper is switched on.
    static let warning = RGBA(hex: "#e66100")
}
