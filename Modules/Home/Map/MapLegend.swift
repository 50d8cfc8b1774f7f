import Commands
import DesignSystem
import TerminalText
import TextSafety
import TextWidth

/// Where the picture and its legend go side by side: a terminal tall
/// enough for a picture of ``MapRenderer/fewestRows`` and wide enough for
/// a legend of ``narrowestLegend`` beside it.
struct SideLayout {
  /// The narrowest legend beside the picture; the widest worth giving it.
  static let narrowestLegend = 26
  static let widestLegend = 44

  let rows: Int
  let columns: Int
  let legendWidth: Int

  /// `longestEntry`: the widest legend line (`4 Mercado Municipal de São
  /// Paulo`), which the legend is given when the picture keeps enough room.
  init?(places: Int, longestEntry: Int, in context: RenderContext) {
    guard context.capabilities.outputIsTerminal, let height = context.height else { return nil }
    let width = Spacing.fullWidth(context)
    let legend = min(max(longestEntry, Self.narrowestLegend), Self.widestLegend)
    // Under the picture: the scale bar and the prompt; above it, the command typed.
    var rows = height - 2 - 3
    // The frame and the gap take two columns each.
    rows = min(rows, (width - 4 - legend) / 2)
    guard rows >= MapRenderer.fewestRows, places + 4 <= rows + 2 else { return nil }
    self.rows = rows
    columns = rows * 2
    legendWidth = min(width - 4 - columns, Self.widestLegend)
  }
}

/// The words beside or under the picture: what its marks are, and which
/// place each number is.
struct MapLegend {
  let places: [(number: Int, place: Place)]
  let plotted: MapRenderer.Plotted
  let drawsSearchArea: Bool
  let unicode: Bool
  var leftOut = LeftOut()

  /// Loaded places the map does not draw because the list does not show
  /// them: those on later pages (on a terminal a page is what fits the
  /// window) and those the filters hide.
  struct LeftOut: Equatable {
    var onLaterPages: [Int] = []
    var filteredOut: [Int] = []
    /// Whether both the name and the category filter are set.
    var byBothFilters = false
  }

  /// `3 Theatro Municipal de São Paulo`, one a place.
  var entries: [String] {
    places.map { number, place in
      "\(number) \(TextSanitizer.clean(place.name))" + (plotted.offMap.contains(number) ? " (not on the map)" : "")
    }
  }

  /// What the marks are, and the notes for what the picture cannot show.
  func key(width: Int) -> [StyledLine] {
    let here = unicode ? "✛" : "+"
    let dot = unicode ? "⠂" : "."
    let sentences = [
      here
        + (drawsSearchArea
          ? " you are here; the circle is the 5 km search area"
          : " you are here; the 5 km search area reaches past the frame"),
      "\(dot) a place: its number (and name, where there is room) on it or beside it",
    ]
    var lines = sentences.flatMap { DisplayWidth.wrap($0, to: width).map { StyledLine($0, style: Palette.muted) } }
    for note in Self.notes(shared: plotted.shared, unlabelled: plotted.unlabelled) + Self.notes(for: leftOut) {
      lines += DisplayWidth.wrap(note, to: width).map { StyledLine($0, style: Palette.warning) }
    }
    return lines
  }

  /// Notes for what the picture cannot show by itself.
  static func notes(shared: [(mark: String, numbers: [Int])], unlabelled: [Int]) -> [String] {
    var notes: [String] = []
    if shared.count == 1, let only = shared.first {
      notes.append("\(only.mark) marks one spot shared by \(list(only.numbers)).")
    } else if !shared.isEmpty {
      let spots = shared.map { "\($0.mark) is \(list($0.numbers))" }.joined(separator: "; ")
      notes.append("Letters mark spots shared by several places: \(spots).")
    }
    if !unlabelled.isEmpty {
      notes.append("No room to number \(list(unlabelled)) beside \(unlabelled.count == 1 ? "its dot" : "their dots").")
    }
    return notes
  }

  /// Which loaded places are not on the map, and how to see them.
  ///
  /// `Places 7–10 are not on the map: type more to list them, then map.`
  static func notes(for leftOut: LeftOut) -> [String] {
    var notes: [String] = []
    if let sentence = notOnTheMap(leftOut.onLaterPages) {
      let them = leftOut.onLaterPages.count == 1 ? "it" : "them"
      notes.append("\(sentence): type more to list \(them), then map.")
    }
    if let sentence = notOnTheMap(leftOut.filteredOut) {
      let filter = leftOut.byBothFilters ? "filters" : "filter"
      let subject = leftOut.filteredOut.count == 1 ? "it does" : "they do"
      notes.append("\(sentence): \(subject) not match the \(filter). \(NearbyWording.clearFilters)")
    }
    return notes
  }

  /// `Places 7–10 are not on the map`; nil for none.
  private static func notOnTheMap(_ numbers: [Int]) -> String? {
    guard !numbers.isEmpty else { return nil }
    return numbers.count == 1
      ? "Place \(RowNumber.list(numbers)) is not on the map" : "Places \(RowNumber.list(numbers)) are not on the map"
  }

  /// `5, 6 and 8`.
  static func list(_ numbers: [Int]) -> String {
    let words = numbers.map(String.init)
    guard words.count > 1, let last = words.last else { return words.first ?? "" }
    return words.dropLast().joined(separator: ", ") + " and " + last
  }
}
