import DrawingBoardCore
import DrawingBoardRender

/// The panels that slide up from the bottom bar.
public enum PanelKind: Sendable, Hashable {
    case brush
    case background
    /// The stickers to place, and "Insert image…".
    case stickers
}

/// A slider and the value range it sets.
public enum SliderKind: Sendable, Hashable, CaseIterable {
    case width
    case opacity
    case brushRed, brushGreen, brushBlue
    case backgroundRed, backgroundGreen, backgroundBlue
    /// The paper's spacing, in canvas pixels (shown while the background is paper).
    case paperSpacing

    public var range: ClosedRange<Int> {
        switch self {
        case .width: return 1...200
        case .opacity: return 0...100
        case .paperSpacing: return 8...128
        default: return 0...255
        }
    }

    var label: String {
        switch self {
        case .width: return "Width"
        case .opacity: return "Opacity"
        case .brushRed, .backgroundRed: return "R"
        case .brushGreen, .backgroundGreen: return "G"
        case .brushBlue, .backgroundBlue: return "B"
        case .paperSpacing: return "Spacing"
        }
    }

    var tint: RGBA? {
        switch self {
        case .brushRed, .backgroundRed: return RGBA(0.85, 0.15, 0.15)
        case .brushGreen, .backgroundGreen: return RGBA(0.15, 0.65, 0.2)
        case .brushBlue, .backgroundBlue: return RGBA(0.15, 0.3, 0.85)
        default: return nil
        }
    }
}

/// The buttons of the in-window question asked before quitting with unsaved changes.
public enum DialogButton: Sendable, Hashable {
    case save, discard, cancel, restore
    /// A Save name with another extension: save the document as .ora instead.
    case saveDocument
    /// A Save name with an export format's extension: export a copy there instead.
    case exportCopy
    /// A name the app completed (an extension added) is an existing file: replace it.
    case replace
    /// A web link: open it in the browser.
    case openLink

    var label: String {
        switch self {
        case .save: return "Save"
        case .discard: return "Discard"
        case .cancel: return "Cancel"
        case .restore: return "Restore"
        case .saveDocument: return "Save as .ora"
        case .exportCopy: return "Export copy"
        case .replace: return "Replace"
        case .openLink: return "Open"
        }
    }

    var isPrimary: Bool { self == .save || self == .restore || self == .saveDocument || self == .replace || self == .openLink }
}

/// Everything the user can press.
public enum Control: Sendable, Hashable {
    case tool(Tool)
    case undo, redo, save, clear
    case panel(PanelKind)
    case closePanel
    case slider(SliderKind)
    case recentColor(Int)
    case chooseImage
    case dismissMessage
    case dialog(DialogButton)
    case touchMode
    case resetView
    /// The brush panel's hue and saturation wheel (drawn at full brightness).
    case colorWheel
    /// The brightness (HSV value) strip beside the wheel.
    case valueStrip
    /// The brush colour as text: click, type three or six hex digits, Enter.
    case hexField
    /// Pick the brush colour from the picture.
    case eyedropper
    case smoothing(Smoothing)
    /// The top bar's ruler, set square and compass.
    case instruments
    /// The Select tool's way of taking what a drag from empty page encloses.
    case selectArea(SelectArea)
    /// The pencil's Shapes switch: every stroke becomes the shape it was meant as.
    case shapesSwitch
    /// The highlighter's Text switch: a drag over a PDF's text highlights its characters.
    case textSwitch
    /// The Background panel's paper: a ruling, or nil for a plain page.
    case paper(Paper.Ruling?)
    /// One of the paper's line colours (`Paper.lineColors`).
    case paperLine(Int)
    /// A shape helper switched on without holding its key.
    case shapeHelper(ShapeModifiers)
    /// The top bar's Open button and main menu button; the menu's rows.
    case open, menu
    case menuItem(Command)
    case recentFile(Int)
    /// A press outside the open menu or sheet: it closes, and the press does nothing else.
    case dismissMenu, dismissSheet
    /// The bottom bar's zoom buttons (the level between them is `resetView`: its menu of levels).
    case zoomIn, zoomOut
    /// The bottom bar's "Page 3 of 12" (click to type a number) and the sidebar's button; the
    /// "+" under the last page; a page's thumbnail in the sidebar and its menu button.
    case pageNumber, sidebar, addPage
    case pageThumbnail(Int), pageMenu(Int)
    /// The sidebar's tabs when the notebook's PDF has an outline: Pages (false) or Contents
    /// (true); an entry of the Contents (its row, from the top) and its fold.
    case sidebarView(contents: Bool)
    case contentsEntry(Int), contentsFold(Int)
    /// In a sheet: close, confirm (Create, Apply), a size choice, the size field, a background
    /// colour, an anchor of the page size grid.
    case sheetClose, sheetConfirm
    case sheetSize(PageSizeChoice)
    case sheetField
    case sheetColor(Int)
    /// The New page sheet's paper: a ruling, or nil for plain.
    case sheetPaper(Paper.Ruling?)
    case sheetAnchor(Int)
    /// The Export sheet's resolutions: a scale of `ExportResolutionDraft.scales`.
    case sheetResolution(Int)
    /// The Stickers panel: a sticker (by its place in the library), the next or the previous
    /// page of them, and "Insert image…".
    case sticker(Int)
    case stickerPage(Int)
    case insertImage
    /// The text tool's font: one of the three families always there (Sans, Serif, Monospace),
    /// or the previous or next of the families installed.
    case font(Int)
    case fontStep(Int)
    /// How a pen's pressure becomes the width (freehand tools, once a pen was seen).
    case pressureCurve(PressureCurve)

    /// Whether the control is a row of the main menu.
    var isMenuRow: Bool {
        switch self {
        case .menuItem, .recentFile: return true
        default: return false
        }
    }

    /// Whether the control belongs to a sheet (only those answer while one is open).
    var isInSheet: Bool {
        switch self {
        case .sheetClose, .sheetConfirm, .sheetSize, .sheetField, .sheetColor, .sheetPaper, .sheetAnchor, .sheetResolution: return true
        default: return false
        }
    }
}

extension Tool {
    /// The tools the top bar shows, in order: the tools' own list (`ToolBox`).
    public static let barTools: [Tool] = ToolBox.bar.compactMap { $0.tool }

    /// The tool's name for people, as the tool says it.
    public var title: String { ToolBox.kind(of: self).title }
}

/// A size the New page sheet offers.
public enum PageSizeChoice: Sendable, Hashable {
    case window
    case preset(PagePreset)
    case custom

    /// In the sheet's order, two a row: each paper size beside its landscape form, the screen
    /// sizes, then the window's size and a custom one.
    public static let all: [PageSizeChoice] = PagePreset.allCases.map { .preset($0) } + [.window, .custom]

    var title: String {
        switch self {
        case .window: return "Window size"
        case .preset(let p): return p.title
        case .custom: return "Custom"
        }
    }
}

/// What fingers on the canvas do.
public enum TouchMode: String, Sendable, Hashable, Codable {
    /// Every finger draws its own stroke.
    case draw
    /// One finger draws; two fingers pinch to zoom and drag to pan.
    case navigate
    /// A pen draws; fingers never do: one finger pans, two pinch and pan (taps still undo
    /// and redo). Chosen the first time a pen is seen.
    case penOnly = "pen-only"

    var label: String {
        switch self {
        case .draw: return "Fingers draw"
        case .navigate: return "2 fingers move"
        case .penOnly: return "Pen only"
        }
    }

    /// The touch-mode button's next choice.
    var next: TouchMode {
        switch self {
        case .draw: return .navigate
        case .navigate: return .penOnly
        case .penOnly: return .draw
        }
    }
}

/// An action that waits for the answer to "save changes first?".
public enum PendingAction: Sendable, Hashable {
    case quit
    /// Open this document or image in place of the current drawing.
    case open(String)
    /// Restore the drawing a window left when it died (its journal folder).
    case restore(String)
    /// Start a new blank page.
    case newPage(PageSpec)
    /// A name chosen in the Save chooser ends in another extension: save the document as
    /// `document` (.ora), or export a copy to `chosen` when it names an export format.
    case saveName(chosen: String, document: String, export: ExportFormat?)
    /// The name the app completed from what was typed (`drawing` → `drawing.ora`) is a file
    /// that exists: replace it (the document, or an exported copy)?
    case replace(path: String, export: Bool)
    /// An export would write over the PDF the notebook's pages came from: replace it?
    case replaceSource(path: String)
    /// A PDF's link to the web was clicked: open the address in the browser?
    case openLink(String)

    var buttons: [DialogButton] {
        switch self {
        case .replaceSource: return [.replace, .cancel]
        case .openLink: return [.openLink, .cancel]
        case .restore: return [.restore, .discard]
        case .saveName(_, _, let format): return format == nil ? [.saveDocument, .cancel] : [.saveDocument, .exportCopy, .cancel]
        case .replace: return [.replace, .cancel]
        default: return [.save, .discard, .cancel]
        }
    }
}

extension ShapeModifiers {
    /// The panel switch's label: what it makes of the shape in hand (`tool`), or of any.
    func title(for tool: Tool? = nil) -> String {
        guard self == .constrain else { return "From centre" }
        switch tool {
        case .rectangle: return "Square"
        case .ellipse: return "Circle"
        default: return "Snap 15°"
        }
    }

    /// The label where the panel is narrow.
    func shortTitle(for tool: Tool?) -> String {
        guard self == .constrain else { return "Centre" }
        return tool == .rectangle || tool == .ellipse ? title(for: tool) : "15°"
    }
}

extension Paper.Ruling {
    /// The Background panel's name for it.
    var title: String { rawValue.capitalized }

    /// What the panel and the New page sheet offer, plain (nil) first.
    static let choices: [Paper.Ruling?] = [nil] + allCases
}

extension Paper {
    /// The line colours the Background panel offers: blue-grey, grey, a margin's rose, and a
    /// dark slate that shows on dark paper too.
    static let lineColors = [Paper.defaultLine, RGBColor(red: 0xC4, green: 0xC4, blue: 0xC4),
                             RGBColor(red: 0xE8, green: 0xA8, blue: 0xB0), RGBColor(red: 0x5B, green: 0x6B, blue: 0x80)]
}
