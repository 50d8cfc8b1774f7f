/// How a run of text looks: a foreground colour and a few attributes.
///
/// Styles are semantic values; whether they turn into escape codes is decided
/// once, by ``TextRenderer``, from the terminal's capabilities.
public struct TextStyle: Sendable, Hashable {
  /// The eight ANSI colours plus the bright black most themes show as grey.
  public enum Color: Sendable, Hashable {
    case black, red, green, yellow, blue, magenta, cyan, white, gray

    var sgrCode: Int {
      switch self {
      case .black: 30
      case .red: 31
      case .green: 32
      case .yellow: 33
      case .blue: 34
      case .magenta: 35
      case .cyan: 36
      case .white: 37
      case .gray: 90
      }
    }
  }

  public var foreground: Color?
  public var isBold: Bool
  public var isDim: Bool
  public var isItalic: Bool
  public var isUnderlined: Bool
  public var isInverse: Bool

  public init(
    foreground: Color? = nil,
    isBold: Bool = false,
    isDim: Bool = false,
    isItalic: Bool = false,
    isUnderlined: Bool = false,
    isInverse: Bool = false
  ) {
    self.foreground = foreground
    self.isBold = isBold
    self.isDim = isDim
    self.isItalic = isItalic
    self.isUnderlined = isUnderlined
    self.isInverse = isInverse
  }

  public static let plain = TextStyle()

  var isPlain: Bool { self == .plain }

  var sgrCodes: [Int] {
    var codes: [Int] = []
    if isBold { codes.append(1) }
    if isDim { codes.append(2) }
    if isItalic { codes.append(3) }
    if isUnderlined { codes.append(4) }
    if isInverse { codes.append(7) }
    if let foreground { codes.append(foreground.sgrCode) }
    return codes
  }
}
