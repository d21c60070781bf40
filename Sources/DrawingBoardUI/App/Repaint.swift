import DrawingBoardCore

/// What the next frame must draw again: window areas that changed (the canvas under a brush
/// outline, the whole window after a resize), whether the interface changed, and where the
/// interface was last drawn (a bar that slid away leaves canvas to compose there).
struct Repaint {
    var dirty: [PixelRect] = []
    var chromeChanged = true
    var drawnChrome: [Rect] = []
}
