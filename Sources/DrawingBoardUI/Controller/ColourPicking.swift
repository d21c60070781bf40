import DrawingBoardCore

/// The colour panel's state beyond the brush's colour: the hex field being typed in, the
/// eyedropper, and the wheel's hue and saturation (kept while the colour is a grey, which has
/// none of its own).
struct ColourPicking {
    /// The hex field's text while it is being typed in (nil: not editing).
    var hexEntry: String?
    /// Whether the next press on the canvas picks a colour instead of drawing.
    var picking = false
    var wheelHue = 0.0
    var wheelSaturation = 1.0
    /// The brush colour when the eyedropper went down (put back if the press is cancelled).
    var colorBeforePicking: RGBColor?
    /// The panel the eyedropper put aside, to bring back with the picked colour.
    var panelBeforePicking: PanelKind?
}
