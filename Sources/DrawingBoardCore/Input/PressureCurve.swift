import Foundation

/// How a pen's pressure becomes the width in the window: soft (a light touch already draws
/// wide), normal (as the pen says), firm (it takes a firm hand). Scripts give the pressure as it
/// is; only the window's pens go through the curve.
public enum PressureCurve: String, Sendable, Hashable, CaseIterable, Codable {
    case soft, normal, firm

    public var title: String {
        switch self {
        case .soft: return "Soft"
        case .normal: return "Normal"
        case .firm: return "Firm"
        }
    }

    /// `p` (0...1) reshaped: p^0.6, p, or p^1.6.
    public func apply(_ p: Double) -> Double {
        let q = min(max(p, 0), 1)
        switch self {
        case .soft: return pow(q, 0.6)
        case .normal: return q
        case .firm: return pow(q, 1.6)
        }
    }
}
