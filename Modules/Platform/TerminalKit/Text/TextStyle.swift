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
  /// A line through the text (Markdown's `~~deleted~~`).
  public var isStrikethrough: Bool
  /// The web address the text leads to: a terminal that knows OSC 8 makes
  /// it clickable (see ``Hyperlink``); never drawn as colour.
  public var link: String?

  public init(
    foreground: Color? = nil,
    isBold: Bool = false,
    isDim: Bool = false,
    isItalic: Bool = false,
    isUnderlined: Bool = false,
    isInverse: Bool = false,
    isStrikethrough: Bool = false,
    link: String? = nil
  ) {
    self.foreground = foreground
    self.isBold = isBold
    self.isDim = isDim
    self.isItalic = isItalic
    self.isUnderlined = isUnderlined
    self.isInverse = isInverse
    self.isStrikethrough = isStrikethrough
    self.link = link
  }

  public static let plain = TextStyle()

  /// No colour and no attribute: drawn as bare text (a link is not drawn).
  var isPlain: Bool {
    foreground == nil && !isBold && !isDim && !isItalic && !isUnderlined && !isInverse && !isStrikethrough
  }

  /// The colour and attributes in one number, the link left out; 0 is plain.
  ///
  /// The renderer compares spans' looks by it, without copying a style
  /// (and retaining its link) for every span.
  var look: UInt16 {
    var look = UInt16(foreground?.sgrCode ?? 0)  // below 128
    if isBold { look |= 1 << 7 }
    if isDim { look |= 1 << 8 }
    if isItalic { look |= 1 << 9 }
    if isUnderlined { look |= 1 << 10 }
    if isInverse { look |= 1 << 11 }
    if isStrikethrough { look |= 1 << 12 }
    return look
  }

  /// Appends `ESC [ 0 ; codes m` for the style whose ``look`` is `look`,
  /// as bytes (the 0 clears the style before it): drawing long lists
  /// should not build a string per span, nor copy a style (retaining its
  /// link) per switch, which was 6% of drawing 10,000 places.
  static func appendSGR(look: UInt16, to output: inout [UInt8]) {
    output.append(0x1B)
    output.append(UInt8(ascii: "["))
    output.append(UInt8(ascii: "0"))
    func add(_ code: UInt16) {
      output.append(UInt8(ascii: ";"))
      if code >= 10 { output.append(UInt8(ascii: "0") + UInt8(code / 10)) }
      output.append(UInt8(ascii: "0") + UInt8(code % 10))
    }
    // The bits ``look`` gives each attribute, in the order they are written.
    if look & (1 << 7) != 0 { add(1) }  // bold
    if look & (1 << 8) != 0 { add(2) }  // dim
    if look & (1 << 9) != 0 { add(3) }  // italic
    if look & (1 << 10) != 0 { add(4) }  // underlined
    if look & (1 << 11) != 0 { add(7) }  // inverse
    if look & (1 << 12) != 0 { add(9) }  // struck through
    if look & 0x7F != 0 { add(look & 0x7F) }  // the colour's code
    output.append(UInt8(ascii: "m"))
  }

  /// The bytes ``appendSGR(look:to:)`` writes for `look` (a reset, `look`
  /// 0, takes 4).
  static func sgrLength(look: UInt16) -> Int {
    let attributes = (look >> 7).nonzeroBitCount
    let colour = look & 0x7F
    return 4 + 2 * attributes + (colour == 0 ? 0 : colour >= 10 ? 3 : 2)
  }
}
