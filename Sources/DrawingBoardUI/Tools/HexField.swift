import DrawingBoardCore

/// The hex field's typing: its text (hex digits, the "#" implied), and whether all of it is
/// selected, as it is when the field is clicked or Ctrl+A is pressed (the next digit replaces
/// it, Backspace clears it). What the keys mean for the colour is `ColourPicker`'s.
struct HexField: Equatable {
    private(set) var text: String
    private(set) var selected: Bool

    /// What a key did to the field.
    enum Outcome: Equatable {
        /// A digit was added.
        case typed
        /// The text or its selection changed otherwise, or nothing did.
        case edited
        /// The key was refused, for this reason.
        case refused(String)
        /// Enter or Tab: the colour typed is to be applied.
        case done
        /// Esc: the typing is called off.
        case cancelled
        /// A Ctrl key the field leaves to the window.
        case notMine
    }

    /// The field showing `color`, selected.
    init(showing color: RGBColor) {
        text = String(color.hex.dropFirst())
        selected = true
    }

    mutating func selectAll() { selected = true }

    mutating func key(_ input: KeyInput) -> Outcome {
        if input.ctrl {
            guard input.key == .character("a") else { return .notMine }
            selected = true
            return .edited
        }
        switch input.key {
        case .character(let c) where c.isNumber && input.shift:
            // Keys come unshifted: Shift with a digit is a sign ("#" is Shift+3 on many
            // keyboards), never the digit. The field shows its "#" already.
            return .edited
        case .character("#"):
            return .edited
        case .character(let c) where c.isASCII && c.isHexDigit:
            if selected {
                text = ""
                selected = false
            }
            guard text.count < 6 else { return .refused("A colour has six hex digits at most") }
            text.append(c)
            return .typed
        case .character(let c):
            // Said at once, not dropped silently: the field takes hex digits only.
            return .refused("“\(c)” is not a hex digit: type 0–9 and a–f, like d01010")
        case .backspace, .delete:
            if selected { text = "" } else if !text.isEmpty { text.removeLast() }
            selected = false
            return .edited
        case .enter, .tab: return .done
        case .escape: return .cancelled
        case .left, .right, .home, .end:
            // The selection goes; the caret stays at the end, the field's one place for it.
            selected = false
            return .edited
        default:
            return .edited // the field has the keyboard: no tool shortcuts while typing
        }
    }
}
