import DrawingBoardCore

extension Window {
    /// Room the desktop's title bar and borders take around the window.
    static let decorations = PixelSize(width: 16, height: 48)

    /// `size` made to fit `usable` (the screen's usable area, in the same units) with the
    /// window's decorations; as it is when the area is unknown.
    public static func fitted(_ size: PixelSize, in usable: PixelSize?) -> PixelSize {
        guard let usable, usable.width > 0, usable.height > 0 else { return size }
        return PixelSize(width: max(1, min(size.width, usable.width - decorations.width)),
                         height: max(1, min(size.height, usable.height - decorations.height)))
    }
}
