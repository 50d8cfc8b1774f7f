import Components
import DesignSystem
import Foundation
import TerminalKit

/// A repository's README, presented over its detail; `close` or `back`
/// dismisses it.
@MainActor
final class ReadmeScreen: Screen {
  private let viewModel: RepositoryDetailViewModel

  init(viewModel: RepositoryDetailViewModel) {
    self.viewModel = viewModel
    super.init(title: "README of \(viewModel.repository.fullName)", pathComponent: "readme")
  }

  override var commands: [Command] {
    [Command("close", summary: "Close the README") { _ in self.navigationStack?.dismiss() }]
  }

  override func drawsBeforeAppearing(in context: RenderContext) -> Bool {
    viewModel.readme != .notLoaded
  }

  override func didAppear(console: any Console) async {
    guard viewModel.readme == .notLoaded || { if case .failed = viewModel.readme { true } else { false } }()
    else { return }
    await LoadingIndicator.run("Loading the README…", console: console) { await viewModel.loadReadme() }
    setNeedsDisplay()
  }

  override func body(in context: RenderContext) -> [StyledLine] {
    switch viewModel.readme {
    case .notLoaded:
      return []
    case .none:
      return [Message.info("This repository has no README.")]
    case .failed(let failure):
      return TextBlock(
        "Could not fetch the README: \(DetailWording.reason(failure)). Read it on GitHub: \(viewModel.repository.webURL)",
        style: Palette.error
      ).lines(in: context)
    case .loaded(let readme):
      return readme.text.split(separator: "\n", omittingEmptySubsequences: false).map {
        StyledLine(TextSanitizer.clean(String($0)))
      }
    }
  }
}
