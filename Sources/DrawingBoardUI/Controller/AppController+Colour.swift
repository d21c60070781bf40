import DrawingBoardCore
import Foundation

/// Colour picking beyond the RGB sliders: the hue and saturation wheel with its brightness
/// strip, the hex field, and the eyedropper that picks from the picture (background included).
extension AppController {
    /// The brush colour as the wheel shows it: a grey keeps the last hue chosen, and black the
    /// last hue and saturation (they have none of their own).
    public var brushHSV: HSV {
        let color = editor.toolState.style.color
        var hsv = color.hsv
        // While the colour is still the one the wheel made, keep the wheel's own hue and
        // saturation: worked out again from 8-bit RGB they would drift as the strip moves.
        if RGBColor(HSV(hue: colour.wheelHue, saturation: colour.wheelSaturation, value: hsv.value)) == color {
            hsv.hue = colour.wheelHue
            hsv.saturation = colour.wheelSaturation
            return hsv
        }
        if hsv.value == 0 {
            hsv.hue = colour.wheelHue
            hsv.saturation = colour.wheelSaturation
        } else if hsv.saturation == 0 {
            hsv.hue = colour.wheelHue
        }
        return hsv
    }

    /// Remembers a colour's hue and saturation for the wheel, where it has them.
    func rememberWheel(_ color: RGBColor) {
        let hsv = color.hsv
        guard hsv.value > 0, RGBColor(HSV(hue: colour.wheelHue, saturation: colour.wheelSaturation, value: hsv.value)) != color else { return }
        colour.wheelSaturation = hsv.saturation
        if hsv.saturation > 0 { colour.wheelHue = hsv.hue }
    }

    /// A press or drag on the wheel (hue and saturation) or the strip (brightness).
    func dragColor(_ capture: Capture, at p: Point) {
        guard case .control(let control) = capture else { return }
        let l = layout()
        var hsv = brushHSV
        if control == .colorWheel, let picked = l.wheelColor(at: p) {
            hsv.hue = picked.hue
            hsv.saturation = picked.saturation
            // Black has no colour to show: choosing one on the wheel means a visible one.
            if hsv.value < 0.05 { hsv.value = 1 }
        } else if control == .valueStrip, let value = l.stripValue(atY: p.y) {
            hsv.value = value
        } else {
            return
        }
        colour.wheelHue = hsv.hue
        colour.wheelSaturation = hsv.saturation
        editor.toolState.style.color = RGBColor(HSV(hue: hsv.hue, saturation: hsv.saturation, value: hsv.value))
        invalidateChrome()
    }

    // MARK: - Hex field

    public func beginHexEntry() {
        colour.hexEntry = ""
        invalidateChrome()
    }

    /// Keys while the hex field is being typed in; returns false for keys it leaves alone.
    func hexKey(_ input: KeyInput) -> Bool {
        guard var text = colour.hexEntry, !input.ctrl else { return false }
        switch input.key {
        case .character(let c) where c.isNumber && input.shift:
            // Keys come unshifted: Shift with a digit is a sign ("#" is Shift+3 on many
            // keyboards), never the digit. The field shows its "#" already.
            break
        case .character(let c) where c.isASCII && (c.isHexDigit || c == "#"):
            if c == "#" { break }
            guard text.count < 6 else {
                show(error: "A colour has six hex digits at most")
                break
            }
            text.append(c)
            colour.hexEntry = text
            if message?.isError == true { message = nil }
        case .character(let c):
            // Said at once, not dropped silently: the field takes hex digits only.
            show(error: "“\(c)” is not a hex digit: type 0–9 and a–f, like d01010")
        case .backspace, .delete:
            if !text.isEmpty { text.removeLast() }
            colour.hexEntry = text
        case .enter: finishHexEntry(apply: true)
        case .escape: finishHexEntry(apply: false)
        case .tab: finishHexEntry(apply: true)
        default: return true // the field has the keyboard: no tool shortcuts while typing
        }
        invalidateChrome()
        return true
    }

    /// Leaves the hex field, applying what was typed when it is a colour (an empty field
    /// changes nothing). Enter on anything else says what a colour looks like and leaves the
    /// text in the field to be put right; leaving the field by clicking elsewhere just drops
    /// unfinished text.
    func finishHexEntry(apply: Bool, quietly: Bool = false) {
        guard let text = colour.hexEntry else { return }
        let color = RGBColor(typed: text)
        if apply, !quietly, !text.isEmpty, color == nil {
            show(error: "“\(text)” is not a colour: type three or six hex digits, like d01 or d01010")
            return
        }
        colour.hexEntry = nil
        invalidateChrome()
        guard apply, let color else { return }
        if message?.isError == true { message = nil }
        if panel == .background {
            // The Background panel's field: one undoable background change.
            guard editor.background != background(ofColor: color) else { return }
            do {
                try editor.setBackground(background(ofColor: color))
                backgroundColor = color
            } catch {
                show(error: "\(error)")
            }
            return
        }
        editor.toolState.style.color = color
        rememberWheel(color)
        rememberColor()
    }

    // MARK: - Eyedropper

    /// The eyedropper (I, or its button in the brush panel) starts or stops. The panel steps
    /// aside so the whole picture can be picked from, and comes back once a colour is picked.
    func togglePicking() {
        colour.picking.toggle()
        if colour.picking {
            colour.panelBeforePicking = panel
            panel = nil
            show(info: "Click the picture to pick its colour (Esc cancels)")
            // It stays while the eyedropper is on (the pointer is a crosshair meanwhile too).
            message?.until = .infinity
        } else {
            message = nil
            bringBackPanel()
        }
        invalidateChrome()
    }

    private func bringBackPanel() {
        if let kind = colour.panelBeforePicking { panel = kind }
        colour.panelBeforePicking = nil
    }

    /// Picks the picture's colour under the window point `p` (nothing outside the canvas).
    func pickColor(at p: Point) {
        if colour.colorBeforePicking == nil { colour.colorBeforePicking = editor.toolState.style.color }
        guard let color = editor.image.color(at: view.toCanvas(p)) else { return }
        editor.toolState.style.color = color
        rememberWheel(color)
        invalidateChrome()
    }

    /// The eyedropper lifts: the colour stays, or, when the press was cancelled, the colour
    /// from before comes back.
    func finishPicking(cancelled: Bool = false) {
        colour.picking = false
        bringBackPanel()
        defer { colour.colorBeforePicking = nil }
        if cancelled {
            if let before = colour.colorBeforePicking { editor.toolState.style.color = before }
            message = nil
            invalidateChrome()
            return
        }
        let color = editor.toolState.style.color
        let tool = editor.toolState.tool
        if tool.isEraser { select(.pencil) }
        rememberColor()
        show(info: "Picked \(color.hex)")
        invalidateChrome()
    }

    // MARK: - Smoothing and shape helpers

    /// S: off, light, strong, off...
    func cycleSmoothing() {
        let all = Smoothing.allCases
        let next = all[(all.firstIndex(of: editor.toolState.smoothing)! + 1) % all.count]
        editor.toolState.smoothing = next
        show(info: "Smoothing: \(next.title.lowercased())")
        invalidateChrome()
    }

    /// Shift or Alt went down or up: a shape being dragged takes the new shape now.
    public func modifiersChanged(_ modifiers: ShapeModifiers) {
        editor.modifiersChanged(modifiers)
    }
}
