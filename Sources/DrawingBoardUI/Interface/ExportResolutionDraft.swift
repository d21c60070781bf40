import DrawingBoardCore
import DrawingBoardRender

/// The Export sheet's choices for a picture (PNG, JPEG, WebP) while it is open: its
/// resolution, as a scale of the page (1x, 2x, 4x) or in dots per inch (96 is 1x: a page pixel
/// is 1/96 inch), each drawn again from the page at that scale.
public struct ExportResolutionDraft: Sendable, Hashable {
    /// The scales offered as buttons.
    public static let scales: [Double] = [1, 2, 4]
    /// Dots per inch at scale 1.
    public static let dpiAtOne = 96.0

    /// Where the picture goes, and as what.
    public var path: String
    public var format: ExportFormat
    /// The page's size in its own pixels.
    public var page: PixelSize
    /// The scale chosen among `scales`; nil: the dots per inch typed (`dpi`).
    public var choice: Int?
    public var dpi: String
    /// The field's text is selected: the next digit replaces it.
    public var selected = false

    /// The sheet for `path`, starting at `scale` (the last export's): one of the buttons, or
    /// the dots per inch it stands for.
    public init(path: String, format: ExportFormat, page: PixelSize, scale: Double) {
        self.path = path
        self.format = format
        self.page = page
        choice = Self.scales.firstIndex(of: scale)
        dpi = JSONValue.format((scale * Self.dpiAtOne).rounded())
    }

    /// The scale chosen, or nil while the dots per inch typed are not a resolution there can be.
    public var scale: Double? {
        if let choice { return Self.scales[choice] }
        guard let dots = Double(dpi), dots.isFinite else { return nil }
        let scale = dots / Self.dpiAtOne
        guard ScaledPicture.scaleRange.contains(scale), let size = size(at: scale), let area = size.checkedArea,
              area <= CanvasLimits.maxPicturePixels, max(size.width, size.height) <= CanvasLimits.maxPictureSide else { return nil }
        return scale
    }

    /// The picture's size at `scale`.
    public func size(at scale: Double) -> PixelSize? {
        guard scale.isFinite, scale > 0 else { return nil }
        return PixelSize(width: max(1, Int((Double(page.width) * scale).rounded())), height: max(1, Int((Double(page.height) * scale).rounded())))
    }

    /// The dots per inch typed that can be chosen: at least 10, at most what the picture's
    /// limit leaves.
    public var dpiRange: ClosedRange<Int> {
        let byPixels = (Double(CanvasLimits.maxPicturePixels) / Double(max(page.area, 1))).squareRoot()
        let bySide = Double(CanvasLimits.maxPictureSide) / Double(max(page.width, page.height, 1))
        let most = min(ScaledPicture.scaleRange.upperBound, byPixels, bySide) * Self.dpiAtOne
        return Int((ScaledPicture.scaleRange.lowerBound * Self.dpiAtOne).rounded(.up))...max(10, Int(most.rounded(.down)))
    }
}
