/// A colour with alpha, components 0...1, for the interface (panels, buttons, text).
public struct RGBA: Sendable, Hashable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public init(_ color: RGBColor, alpha: Double = 1) {
        self.init(Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255, alpha)
    }

    /// `#rrggbb` with an alpha.
    public init(hex: String, alpha: Double = 1) {
        self.init(RGBColor(hex: hex) ?? .black, alpha: alpha)
    }
}
