import Commands
import XCTest

@testable import Explore

/// What `wayfarer ask` prints, says and exits with for each way a reply ends.
@MainActor
final class AskOutcomeTests: XCTestCase {
  private func finish(
    _ reply: ChatViewModel.Reply, notSaved: String? = nil, json: Bool = false, outputFailed: Bool = false
  )
    -> (status: ShellStatus, io: ShellIOSpy)
  {
    let io = ShellIOSpy(outputFailed: outputFailed)
    let outcome = ChatViewModel.Outcome(reply: reply, notSaved: notSaved)
    let status = AskShellCommand.finish(outcome, model: "m", json: json, picked: nil, io: io)
    return (status, io)
  }

  func test_aReplyPrintedButNotKept_failsWithTheReason() async {
    let (status, io) = finish(.answered("Hello."), notSaved: "the disk is full")
    XCTAssertEqual(status, .failure, "a script must not take an unsaved reply for done")
    XCTAssertEqual(io.said, ["The conversation could not be saved: the disk is full"])
    XCTAssertEqual(io.written, "\n", "the reply's line ended")
    XCTAssertEqual(finish(.answered("Hello.")).status, .success)
  }

  func test_stoppedBeforeAnyReply_writesNothing_andSaysTheQuestionIsKept() async {
    for json in [false, true] {
      let (status, io) = finish(.stopped(partial: ""), json: json)
      XCTAssertEqual(status, .failure)
      XCTAssertEqual(io.written, "", "no line end for a reply that never came")
      XCTAssertEqual(io.said, [AssistantWording.stoppedBeforeAnyReply])
    }
    let (_, io) = finish(.stopped(partial: "Half a"))
    XCTAssertEqual(io.written, "\n")
    XCTAssertEqual(io.said, [AssistantWording.stoppedKeepingWhatArrived])
  }

  func test_stoppedBecauseTheReaderLeft_saysNothing() async {
    let (status, io) = finish(.stopped(partial: "Half a"), outputFailed: true)
    XCTAssertEqual(status, .failure)
    XCTAssertEqual(io.said, [], "the reader of a closed pipe chose to go")
  }
}

/// A ShellIO that records what a command writes and says.
@MainActor
private final class ShellIOSpy: ShellIO {
  let outputIsTerminal = false
  let inputIsTerminal = false
  let outputFailed: Bool
  private(set) var written = ""
  private(set) var said: [String] = []

  init(outputFailed: Bool) {
    self.outputFailed = outputFailed
  }

  func write(_ text: String) { written += text }
  func write(bytes: [UInt8]) { written += String(decoding: bytes, as: UTF8.self) }
  func flush() {}
  func say(_ sentence: String) { said.append(sentence) }
  func readInputBytes(limit: Int) -> [UInt8]? { nil }
}
