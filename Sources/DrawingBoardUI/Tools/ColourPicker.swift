import DrawingBoardCore
import DrawingBoardRender
import Foundation

/// Colour picking beyond the RGB sliders: the hue and saturation wheel with its brightness
/// strip, the hex field, and the eyedropper that picks from the picture (background included).
public final class ColourPicker {
    unowned let app: AppController
    /// The hex field while it is being typed in (nil: not editing).
    private var hexField: HexField?
    /// The hex field's text while it is being typed in (nil: not editing).
    public var hexEntry: String? { hexField?.text }
    /// The field's whole text is selected: the next digit replaces it.
    public var hexSelected: Bool { hexField?.selected ?? false }
    /// Whether the next press on the canvas picks a colour instead of drawing.
    public private(set) var picking = false
    /// The wheel's hue and saturation, kept while the colour is a grey (which has none).
    private var wheelHue = 0.0
    private var wheelSaturation = 1.0
    /// The panel the eyedropper put aside, to bring back with the picked colour.
    private var panelBeforePicking: PanelKind?

    init(app: AppController) {
        self.app = app
    }

    private var editor: Editor { app.editor }

    // MARK: - Wheel

    /// The brush colour as the wheel shows it: a grey keeps the last hue chosen, and black the
    /// last hue and saturation (they have none of their own).
    public var hsv: HSV {
        let color = editor.toolState.style.color
        var hsv = color.hsv
        // While the colour is still the one the wheel made, keep the wheel's own hue and
        // saturation: worked out again from 8-bit RGB they would drift as the strip moves.
        if RGBColor(HSV(hue: wheelHue, saturation: wheelSaturation, value: hsv.value)) == color {
            hsv.hue = wheelHue
            hsv.saturation = wheelSaturation
            return hsv
        }
        if hsv.value == 0 {
            hsv.hue = wheelHue
            hsv.saturation = wheelSaturation
        } else if hsv.saturation == 0 {
            hsv.hue = wheelHue
        }
        return hsv
    }

    /// Remembers a colour's hue and saturation for the wheel, where it has them.
    func rememberWheel(_ color: RGBColor) {
        let hsv = color.hsv
        guard hsv.value > 0, RGBColor(HSV(hue: wheelHue, saturation: wheelSaturation, value: hsv.value)) != color else { return }
        wheelSaturation = hsv.saturation
        if hsv.saturation > 0 { wheelHue = hsv.hue }
    }

    /// A press or drag on the wheel (hue and saturation) or the strip (brightness).
    func drag(_ control: Control, at p: Point) {
        let l = app.layout()
        var hsv = self.hsv
        if control == .colorWheel, let picked = l.inPanel.wheelColor(at: p) {
            hsv.hue = picked.hue
            hsv.saturation = picked.saturation
            // Black has no colour to show: choosing one on the wheel means a visible one.
            if hsv.value < 0.05 { hsv.value = 1 }
        } else if control == .valueStrip, let value = l.inPanel.stripValue(atY: p.y) {
            hsv.value = value
        } else {
            return
        }
        wheelHue = hsv.hue
        wheelSaturation = hsv.saturation
        editor.toolState.style.color = RGBColor(HSV(hue: hsv.hue, saturation: hsv.saturation, value: hsv.value))
        app.invalidateChrome()
    }

    // MARK: - Hex field

    /// Starts typing in the hex field: it shows the colour it stands for, selected, so typing
    /// replaces it and the arrow keys keep it to be changed.
    public func beginHexEntry() {
        hexField = HexField(showing: fieldColor)
        app.invalidateChrome()
    }

    /// A click on the hex field: typing starts, or its text is selected again (to replace
    /// what was typed, wrong or not).
    func hexFieldClicked() {
        guard hexField != nil else { return beginHexEntry() }
        hexField?.selectAll()
        app.invalidateChrome()
    }

    /// The colour the hex field stands for: the background's in the Background panel.
    private var fieldColor: RGBColor {
        app.chrome.panel == .background ? app.brush.backgroundColor : editor.toolState.style.color
    }

    /// Keys while the hex field is being typed in; returns false for keys it leaves alone.
    func key(_ input: KeyInput) -> Bool {
        guard var field = hexField else { return false }
        let outcome = field.key(input)
        switch outcome {
        case .notMine: return false
        case .typed:
            hexField = field
            if app.chrome.showsError { app.chrome.dismissMessage() }
        case .edited: hexField = field
        case .refused(let why):
            hexField = field
            app.chrome.show(error: why)
        case .done: finishHexEntry(apply: true)
        case .cancelled:
            finishHexEntry(apply: false)
            // Cancelled: what was said about the typing goes with it.
            if app.chrome.showsError { app.chrome.dismissMessage() }
        }
        app.invalidateChrome()
        return true
    }

    /// Leaves the hex field, applying what was typed when it is a colour (an empty field
    /// changes nothing). Enter on anything else says what a colour looks like and leaves the
    /// text in the field to be put right; leaving the field by clicking elsewhere just drops
    /// unfinished text.
    public func finishHexEntry(apply: Bool, quietly: Bool = false) {
        guard let text = hexField?.text else { return }
        let color = RGBColor(typed: text)
        if apply, !quietly, !text.isEmpty, color == nil {
            app.chrome.show(error: "“\(text)” is not a colour: type three or six hex digits, like d01 or d01010")
            return
        }
        hexField = nil
        app.invalidateChrome()
        guard apply, let color else { return }
        if app.chrome.showsError { app.chrome.dismissMessage() }
        // The colour it already is changes nothing (the Background panel made a step of it).
        guard color != fieldColor else { return }
        if app.chrome.panel == .background {
            // The Background panel's field: one undoable background change.
            app.brush.setBackgroundColor(color)
            return
        }
        editor.toolState.style.color = color
        rememberWheel(color)
        app.brush.rememberColor()
    }

    // MARK: - Eyedropper

    /// The eyedropper (I, or its button in the brush panel) starts or stops. The panel steps
    /// aside so the whole picture can be picked from, and comes back once a colour is picked.
    func togglePicking() {
        picking.toggle()
        editor.tools.picking = picking
        if picking {
            panelBeforePicking = app.chrome.panel
            app.chrome.panel = nil
            app.chrome.show(info: "Click the picture to pick its colour (Esc cancels)")
            // It stays while the eyedropper is on (the pointer is a crosshair meanwhile too).
            app.chrome.keepMessage()
        } else {
            app.chrome.dismissMessage()
            bringBackPanel()
        }
        app.invalidateChrome()
    }

    private func bringBackPanel() {
        if let kind = panelBeforePicking { app.chrome.panel = kind }
        panelBeforePicking = nil
    }

    /// A press or a drag of the eyedropper on the page (canvas pixels): the editor's
    /// eyedropper picks the colour the picture shows there.
    func pick(_ event: PointerEvent) {
        editor.handle(event)
        rememberWheel(editor.toolState.style.color)
        app.invalidateChrome()
    }

    /// The eyedropper lifts: the colour stays, or, when the press was cancelled, the colour
    /// from before comes back.
    func finishPicking(_ event: PointerEvent) {
        editor.handle(event)
        picking = false
        editor.tools.picking = false
        bringBackPanel()
        if event.phase == .cancel {
            app.chrome.dismissMessage()
            app.invalidateChrome()
            return
        }
        let color = editor.toolState.style.color
        if editor.toolState.tool.isEraser { app.brush.select(.pencil) }
        app.brush.rememberColor()
        app.chrome.show(info: "Picked \(color.hex)")
        app.invalidateChrome()
    }
}
