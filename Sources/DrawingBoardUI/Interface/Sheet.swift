import Foundation
import DrawingBoardCore

/// A sheet over the page: a larger panel that takes the keys while it is open.
public enum Sheet: Sendable, Hashable {
    /// Every key, as the user guide's table lists them.
    case shortcuts
    case about
    /// Ctrl+N: the new page's size and background.
    case newPage(NewPageDraft)
    /// "Page Size…": the page's new size and where the drawing stays.
    case pageSize(PageSizeDraft)
    /// Export as PNG, JPEG or WebP: the picture's resolution.
    case exportResolution(ExportResolutionDraft)
}

/// The New page sheet's choices while it is open.
public struct NewPageDraft: Sendable, Hashable {
    /// Which size: nil is the window's size, else a preset; `custom` wins when set.
    public var preset: PagePreset?
    public var windowSize: PixelSize
    /// The custom size as typed ("1200x800"), when the custom field is chosen.
    public var custom: String?
    public var background: RGBColor = .white
    /// Plain, or ruled paper.
    public var paper: Paper.Ruling?
    /// The custom field's text is selected: the next digit replaces it.
    public var selected = false
    /// The page goes into the notebook after this page (a page menu's "New Page After…"),
    /// instead of starting a new drawing.
    public var insertAfter: Int?
    public var inserting: Bool { insertAfter != nil }

    public init(preset: PagePreset? = nil, windowSize: PixelSize, custom: String? = nil, background: RGBColor = .white,
                selected: Bool = false) {
        self.preset = preset
        self.windowSize = windowSize
        self.custom = custom
        self.background = background
        self.selected = selected
    }

    /// The size chosen, or nil while the custom entry is not a size within the limits.
    public var size: PixelSize? {
        if let custom { return PageSizeDraft.parse(custom) }
        return preset?.size ?? windowSize
    }
}

/// The Page size sheet's choices while it is open.
public struct PageSizeDraft: Sendable, Hashable {
    public var text: String
    /// Where the drawing stays: 0...8, row by row (0 top left, 4 centre, 8 bottom right).
    public var anchor: Int = 4

    /// The field's text is selected (as it opens): the next digit replaces it.
    public var selected = true

    public init(text: String, anchor: Int = 4, selected: Bool = true) {
        self.text = text
        self.anchor = anchor
        self.selected = selected
    }

    public var size: PixelSize? { Self.parse(text) }

    /// "1200x800" (or "1200 x 800", "1200×800") within the canvas limits, else nil.
    public static func parse(_ text: String) -> PixelSize? {
        let parts = text.lowercased().replacingOccurrences(of: "×", with: "x").split(separator: "x")
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (1...CanvasLimits.maxSide).contains(w), (1...CanvasLimits.maxSide).contains(h), w * h <= CanvasLimits.maxPixels else { return nil }
        return PixelSize(width: w, height: h)
    }
}
