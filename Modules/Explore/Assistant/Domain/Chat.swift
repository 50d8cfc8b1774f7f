import Foundation

/// The two kinds of server the assistant talks to.
enum AssistantBackendKind: String, Sendable, Equatable, CaseIterable {
  case gemini
  case openai

  /// How sentences name it.
  var displayName: String {
    switch self {
    case .gemini: "Gemini"
    case .openai: "the OpenAI-compatible server"
    }
  }
}

/// Who said a message.
enum ChatRole: String, Sendable, Equatable {
  case user
  case assistant
}

/// One message as it goes to a model.
struct ChatTurn: Sendable, Equatable {
  var role: ChatRole
  var text: String
}

/// Everything one request sends: the system prompt, then the turns oldest first.
struct ChatPrompt: Sendable, Equatable {
  var system: String
  var turns: [ChatTurn]
}

/// What a model said it used (tokens), when it says.
struct ChatUsage: Sendable, Equatable {
  var promptTokens: Int?
  var replyTokens: Int?
  var totalTokens: Int?
}

/// A reply that arrived whole.
struct ChatReply: Sendable, Equatable {
  var text: String
  var usage: ChatUsage?
  /// The model stopped at its length limit (MAX_TOKENS, `length`).
  var reachedLengthLimit = false
}

/// The most text one reply keeps; beyond it the rest is dropped (a runaway
/// stream must not grow the terminal or the database without end).
let maximumReplyCharacters = 200_000

/// `text`'s characters: its bytes when each is one (ASCII without a CR,
/// the one ASCII byte a character may pair: CR LF).
///
/// Counted grapheme by grapheme, a streamed token's few bytes took about
/// 250 instructions (callgrind, a 2,000-token reply).
func characterCount(_ text: String) -> Int {
  var text = text
  let oneByteEach = text.withUTF8 { bytes in !bytes.contains { $0 >= 0x80 || $0 == 0x0D } }
  return oneByteEach ? text.utf8.count : text.count
}

/// A reply's first `maximumReplyCharacters`, and whether any were left out.
///
/// A reply of no more bytes than that is whole (a character is one byte
/// or more), and is not counted: counting a 2,000-token reply twice, and
/// its prefix, cost about 550 instructions a token (callgrind).
func keptReply(_ text: String) -> (text: String, cut: Bool) {
  guard text.utf8.count > maximumReplyCharacters else { return (text, false) }
  let kept = String(text.prefix(maximumReplyCharacters))
  return (kept, kept.count < text.count)
}

/// A conversation's replies added up, for `/usage`.
struct UsageTotals: Equatable {
  /// Replies whose usage was kept (whole replies since usage was kept).
  var replies = 0
  /// Of those, the replies the server gave no token counts for.
  var repliesUncounted = 0
  var promptTokens = 0
  var replyTokens = 0
  var seconds = 0.0
}

/// `left + right`, held at `Int.max` instead of trapping.
///
/// A function, not an extension of Int: an extension puts Int in Explore's
/// dependency graph, so any edit to Explore would rebuild every file of App
/// that uses an Int.
func saturatedSum(_ left: Int, _ right: Int) -> Int {
  let (sum, overflow) = left.addingReportingOverflow(right)
  return overflow ? .max : sum
}
