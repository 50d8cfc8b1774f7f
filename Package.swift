// swift-tools-version: 6.0
// Wayfarer: a terminal app built like a modular iOS app.
//
// Rules this manifest keeps:
// - Seven app modules live under Modules/; what they stand on lives under
//   Modules/Platform/. Feature modules never depend on each other; only App
//   depends on all seven.
// - C libraries are reached through `C`-prefixed targets, one typed wrapper
//   per variadic call.
// - Every Swift target gets the same settings, applied once at the bottom.
import Foundation
import PackageDescription

let package = Package(
  name: "Wayfarer",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "wayfarer", targets: ["wayfarer"])
  ],
  targets: [
    // MARK: C shims
    .systemLibrary(
      name: "CSodium",
      path: "Modules/Platform/CSodium",
      pkgConfig: "libsodium",
      providers: [.apt(["libsodium-dev"])]
    ),
    .systemLibrary(
      name: "CSQLite",
      path: "Modules/Platform/CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    .systemLibrary(
      name: "CMarkGFM",
      path: "Modules/Platform/CMarkGFM",
      pkgConfig: "libcmark-gfm",
      providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
    ),
    .target(
      name: "CCurl",
      path: "Modules/Platform/CCurl",
      linkerSettings: [.linkedLibrary("curl")]
    ),
    .target(
      name: "CEditLine",
      path: "Modules/Platform/CEditLine",
      linkerSettings: [.linkedLibrary("edit")]
    ),
    // GNU source-highlight (C++) behind a C interface: the kinds of a code
    // block's tokens. Definitions of Swift (which the library lacks) and of
    // the shell (faster than its own) are embedded: swift.lang, sh.lang.
    .target(
      name: "CSourceHighlight",
      path: "Modules/Platform/CSourceHighlight",
      exclude: ["swift.lang", "sh.lang"],
      linkerSettings: [
        .linkedLibrary("source-highlight"),
        .linkedLibrary("boost_regex"),
        .linkedLibrary("stdc++"),
      ]
    ),

    // MARK: Platform
    // A value behind a pthread mutex, for every target: ThreadSanitizer
    // follows it, where it does not follow Synchronization.Mutex on Linux.
    .target(
      name: "Locking",
      path: "Modules/Platform/Locking"
    ),
    // Commands declared once, as data: name, parameters, flags, summary
    // and the action a line makes. Help, completion, usage lines and (in
    // time) shell completion and the manual read the same tables. No UI.
    .target(
      name: "Commands",
      dependencies: [
        "TextSafety",
        "TextWidth",  // one-shot commands' rows are measured as the terminal shows them
      ],
      path: "Modules/Platform/Commands"
    ),
    .testTarget(
      name: "CommandsTests",
      dependencies: [
        "Commands"
      ],
      path: "Tests/Platform/CommandsTests"
    ),
    // TerminalKit, split along its folders so that an edit rebuilds only
    // what stands on it: text and the terminal's capabilities at the
    // bottom, then object lifetimes, the console's interface, its real
    // implementation (only App links libedit), navigation and the REPL.
    // Text from outside made safe to print: control and escape sequences
    // stripped (whole or streamed), keys hidden inside, cut to a width.
    // Data layers and view models use it without drawing anything.
    .target(
      name: "TextSafety",
      dependencies: [
        "Secrets",  // a text cut short is hidden first, so no cut leaves part of a key showing
        "TextWidth",
      ],
      path: "Modules/Platform/TextSafety"
    ),
    // How many columns a text takes on a terminal, and text cut, padded
    // and wrapped to them; the ASCII spelling for terminals without Unicode.
    .target(
      name: "TextWidth",
      dependencies: [
        "Locking"  // the sentences it has wrapped are remembered for every thread
      ],
      path: "Modules/Platform/TextWidth"
    ),
    // The keys a person set (API keys, tokens), hidden wherever text goes
    // out: the terminal, files, the database.
    .target(
      name: "Secrets",
      dependencies: [
        "Locking"  // the keys SecretText hides are registered from any thread
      ],
      path: "Modules/Platform/Secrets"
    ),
    // The one place an error becomes words for a person.
    .target(
      name: "ErrorSentences",
      dependencies: [
        "TextSafety"  // an error's own sentence comes from outside as often as not
      ],
      path: "Modules/Platform/ErrorSentences"
    ),
    // Filtering lists as fzf does (a word's letters in order, accents
    // folded, ranked), and the numbered rows a filtered list shows.
    .target(
      name: "FuzzyMatching",
      path: "Modules/Platform/FuzzyMatching"
    ),
    .target(
      name: "TerminalText",
      dependencies: [
        "Secrets",
        "TextSafety",
        "TextWidth",
      ],
      path: "Modules/Platform/TerminalKit/Text"
    ),
    .target(
      name: "Diagnostics",
      dependencies: [
        "Locking",
        "TerminalText",
        "TextWidth",
      ],
      path: "Modules/Platform/TerminalKit/Diagnostics"
    ),
    .target(
      name: "TerminalConsole",
      dependencies: [
        "TerminalText"
      ],
      path: "Modules/Platform/TerminalKit/Console"
    ),
    .target(
      name: "TerminalIO",
      dependencies: [
        "CEditLine",
        "Locking",
        "Secrets",
        "Storage",  // history files are written as Storage writes every file: whole, never through a link
        "TerminalConsole",
        "TerminalText",
        "TextWidth",
      ],
      path: "Modules/Platform/TerminalKit/IO"
    ),
    .target(
      name: "TerminalNavigation",
      dependencies: [
        "Commands",
        "Diagnostics",
        "TerminalConsole",
        "TerminalText",
      ],
      path: "Modules/Platform/TerminalKit/Navigation"
    ),
    .target(
      name: "TerminalREPL",
      dependencies: [
        "Commands",
        "Diagnostics",
        "TerminalConsole",
        "TerminalNavigation",
        "TerminalText",
        "TextSafety",
        "TextWidth",
      ],
      path: "Modules/Platform/TerminalKit/REPL"
    ),
    .testTarget(
      name: "TerminalKitTests",
      dependencies: [
        "Commands",
        "Diagnostics",
        "ErrorSentences",
        "FuzzyMatching",
        "Locking",
        "Secrets",
        "TerminalConsole",
        "TerminalIO",
        "TerminalNavigation",
        "TerminalREPL",
        "TerminalText",
        "TestSupport",
        "TextSafety",
        "TextWidth",
      ],
      path: "Tests/Platform/TerminalKitTests"
    ),
    // The HTTP interface every feature sees: requests, responses, errors,
    // the client protocol, the retry policy. No C.
    .target(
      name: "Networking",
      path: "Modules/Platform/Networking"
    ),
    // The client over libcurl; only App (and the benchmarks) link it.
    .target(
      name: "CurlNetworking",
      dependencies: [
        "CCurl",
        "Locking",
        "Networking",
      ],
      path: "Modules/Platform/CurlNetworking"
    ),
    .testTarget(
      name: "NetworkingTests",
      dependencies: [
        "CurlNetworking",
        "Locking",
        "Networking",
        "TestSupport",
      ],
      path: "Tests/Platform/NetworkingTests"
    ),
    .target(
      name: "JSON",
      dependencies: [
        "Secrets"  // keys a server echoes are hidden in every document read
      ],
      path: "Modules/Platform/JSON"
    ),
    // What App hands Explore to reach its services (GitHub's and the
    // assistant's addresses, keys and models) and GitHub's name rules: App
    // checks names from outside with the same rules Explore keeps.
    .target(
      name: "ServiceAccess",
      dependencies: [
        "Networking"
      ],
      path: "Modules/Platform/ServiceAccess"
    ),
    // What every feature's builder is handed: the clock, the one HTTP
    // client, the cache folder.
    .target(
      name: "FeatureEnvironment",
      dependencies: [
        "Networking"
      ],
      path: "Modules/Platform/FeatureEnvironment"
    ),
    .testTarget(
      name: "JSONTests",
      dependencies: [
        "JSON",
        "Secrets",
        "TestSupport",
      ],
      path: "Tests/Platform/JSONTests"
    ),
    .target(
      name: "Storage",
      dependencies: [
        "CSQLite",
        "Locking",
        "Secrets",  // no key a server echoed is written to the database
      ],
      path: "Modules/Platform/Storage"
    ),
    .testTarget(
      name: "StorageTests",
      dependencies: [
        "Locking",
        "Secrets",
        "Storage",
        "TestSupport",
      ],
      path: "Tests/Platform/StorageTests"
    ),

    .target(
      name: "Passwords",
      dependencies: [
        "CSodium"
      ],
      path: "Modules/Platform/Passwords"
    ),
    .testTarget(
      name: "PasswordsTests",
      dependencies: [
        "Passwords",
        "TestSupport",
      ],
      path: "Tests/Platform/PasswordsTests"
    ),

    // MARK: DesignSystem
    .target(
      name: "DesignSystem",
      dependencies: [
        "TerminalNavigation",
        "TerminalText",
        "TextSafety",
        "TextWidth",
      ],
      path: "Modules/DesignSystem"
    ),
    .testTarget(
      name: "DesignSystemTests",
      dependencies: [
        "DesignSystem",
        "TerminalNavigation",
        "TerminalText",
        "TestSupport",
        "TextWidth",
      ],
      path: "Tests/DesignSystemTests"
    ),

    // MARK: Components
    .target(
      name: "Components",
      dependencies: [
        "CMarkGFM",  // the Markdown renderer walks cmark-gfm's tree
        "Commands",
        "CSourceHighlight",  // code blocks' tokens, coloured by kind
        "DesignSystem",
        "TerminalConsole",
        "TerminalText",
        "TextSafety",
        "TextWidth",
      ],
      path: "Modules/Components"
    ),
    .testTarget(
      name: "ComponentsTests",
      dependencies: [
        "Components",
        "DesignSystem",
        "TerminalText",
        "TestSupport",
        "TextWidth",
      ],
      path: "Tests/ComponentsTests",
      exclude: ["Markdown"]
    ),
    // The Markdown renderer's tests, a target of their own so they build and
    // run alone (swift test --filter MarkdownTests).
    .testTarget(
      name: "MarkdownTests",
      dependencies: [
        "CMarkGFM",  // code blocks read from the tree, to check those prepared ahead
        "Components",
        "CSourceHighlight",  // the highlighting shim's mapping, tested at its C face
        "TerminalText",
        "TextWidth",
      ],
      path: "Tests/ComponentsTests/Markdown"
    ),

    // MARK: PreLogin
    .target(
      name: "PreLogin",
      dependencies: [
        "Commands",
        "Components",
        "DesignSystem",
        "Diagnostics",
        "ErrorSentences",
        "FeatureEnvironment",
        "TerminalConsole",
        "TerminalNavigation",
        "TerminalText",
      ],
      path: "Modules/PreLogin"
    ),
    .testTarget(
      name: "PreLoginTests",
      dependencies: [
        "Commands",
        "Components",
        "FeatureEnvironment",
        "Locking",
        "PreLogin",
        "PreLoginContracts",
        "TerminalNavigation",
        "TerminalText",
        "TestSupport",
      ],
      path: "Tests/PreLoginTests"
    ),

    // MARK: Home
    .target(
      name: "Home",
      dependencies: [
        "CHomeCatalog",
        "Commands",
        "Components",
        "DesignSystem",
        "Diagnostics",
        "ErrorSentences",
        "FeatureEnvironment",
        "FuzzyMatching",
        "JSON",
        "Networking",
        "Secrets",
        "Storage",
        "TerminalConsole",
        "TerminalNavigation",
        "TerminalText",
        "TextSafety",
        "TextWidth",
      ],
      path: "Modules/Home",
      exclude: ["CatalogData"]
    ),
    .target(
      name: "CHomeCatalog",
      path: "Modules/Home/CatalogData",
      exclude: ["catalog.geojson", "cities.tsv"]
    ),
    .testTarget(
      name: "HomeTests",
      dependencies: [
        "Commands",
        "FeatureEnvironment",
        "FuzzyMatching",
        "Home",
        "HomeContracts",
        "Locking",
        "Networking",
        "TerminalNavigation",
        "TerminalText",
        "TestSupport",
        "TextWidth",
      ],
      path: "Tests/HomeTests"
    ),

    // MARK: Explore
    .target(
      name: "Explore",
      dependencies: [
        "Commands",
        "Components",
        "DesignSystem",
        "Diagnostics",
        "ErrorSentences",
        "FeatureEnvironment",
        "FuzzyMatching",
        "JSON",
        "Locking",
        "Networking",
        "Secrets",
        "ServiceAccess",
        "Storage",
        "TerminalConsole",
        "TerminalNavigation",
        "TerminalText",
        "TextSafety",
        "TextWidth",
      ],
      path: "Modules/Explore"
    ),
    .testTarget(
      name: "ExploreTests",
      dependencies: [
        "Commands",
        "Explore",
        "ExploreContracts",
        "FeatureEnvironment",
        "Locking",
        "Networking",
        "Secrets",
        "ServiceAccess",
        "TerminalNavigation",
        "TerminalREPL",
        "TerminalText",
        "TestSupport",
      ],
      path: "Tests/ExploreTests"
    ),

    // MARK: Bookmarks
    .target(
      name: "Bookmarks",
      dependencies: [
        "Commands",
        "Components",
        "DesignSystem",
        "Diagnostics",
        "ErrorSentences",
        "FuzzyMatching",
        "TerminalConsole",
        "TerminalNavigation",
        "TerminalText",
        "TextSafety",
        "TextWidth",
      ],
      path: "Modules/Bookmarks"
    ),
    .testTarget(
      name: "BookmarksTests",
      dependencies: [
        "Bookmarks",
        "BookmarksContracts",
        "Commands",
        "Components",
        "FuzzyMatching",
        "TerminalNavigation",
        "TerminalText",
        "TestSupport",
        "TextWidth",
      ],
      path: "Tests/BookmarksTests"
    ),

    // MARK: Profile
    .target(
      name: "Profile",
      dependencies: [
        "Commands",
        "Components",
        "DesignSystem",
        "Diagnostics",
        "ErrorSentences",
        "TerminalConsole",
        "TerminalNavigation",
        "TerminalText",
        "TextSafety",
      ],
      path: "Modules/Profile"
    ),
    .testTarget(
      name: "ProfileTests",
      dependencies: [
        "DesignSystem",
        "Profile",
        "ProfileContracts",
        "TerminalNavigation",
        "TerminalText",
        "TestSupport",
      ],
      path: "Tests/ProfileTests"
    ),

    // MARK: App
    .target(
      name: "App",
      dependencies: [
        "Bookmarks",
        "Commands",
        "Components",
        "CurlNetworking",
        "DesignSystem",
        "Diagnostics",
        "ErrorSentences",
        "Explore",
        "FeatureEnvironment",
        "Home",
        "JSON",  // bookmarks files are read with the parser that says where they are wrong
        "Networking",
        "Passwords",
        "PreLogin",
        "Profile",
        "Secrets",
        "ServiceAccess",
        "Storage",
        "TerminalConsole",
        "TerminalIO",
        "TerminalNavigation",
        "TerminalREPL",
        "TerminalText",
        "TextSafety",
        "TextWidth",
      ],
      path: "App/Sources/App"
    ),
    .executableTarget(
      name: "wayfarer",
      dependencies: [
        "App"
      ],
      path: "App/Sources/wayfarer"
    ),
    .testTarget(
      name: "AppTests",
      dependencies: [
        "App",
        "AppHarness",
        "Bookmarks",
        "BookmarksContracts",
        "DesignSystem",
        "Diagnostics",
        "ErrorSentences",
        "Explore",
        "ExploreContracts",
        "FeatureEnvironment",
        "Home",
        "HomeContracts",
        "JSON",
        "Networking",
        "Passwords",
        "PreLogin",
        "PreLoginContracts",
        "Profile",
        "ProfileContracts",
        "Secrets",
        "ServiceAccess",
        "Storage",
        "TerminalConsole",
        "TerminalNavigation",
        "TerminalREPL",
        "TerminalText",
        "TestSupport",
      ],
      path: "Tests/AppTests"
    ),
    .executableTarget(
      name: "home-bench",
      dependencies: [
        "CurlNetworking",
        "DesignSystem",
        "FeatureEnvironment",
        "Home",
        "JSON",
        "LoopbackHTTP",
        "Networking",
        "Secrets",
        "TerminalConsole",
        "TerminalNavigation",
        "TerminalREPL",
        "TerminalText",
      ],
      path: "Scripts/Benchmarks/home-bench"
    ),
    .executableTarget(
      name: "assistant-bench",
      dependencies: [
        "CurlNetworking",
        "Diagnostics",
        "Explore",
        "FeatureEnvironment",
        "Locking",
        "LoopbackHTTP",
        "Networking",
        "ServiceAccess",
        "TerminalConsole",
        "TerminalIO",
        "TerminalNavigation",
        "TerminalText",
      ],
      path: "Scripts/Benchmarks/assistant-bench"
    ),
    .executableTarget(
      name: "markdown-bench",
      dependencies: [
        "CMarkGFM",  // cmark-gfm's own HTML renderer, the yardstick
        "Components",
        "TerminalText",
      ],
      path: "Scripts/Benchmarks/markdown-bench"
    ),
    .executableTarget(
      name: "wayfarer-bench",
      dependencies: [
        "AppHarness",
        "CurlNetworking",
        "Diagnostics",
        "Explore",
        "LoopbackHTTP",
        "Networking",
        "ServiceAccess",
        "TerminalNavigation",
      ],
      path: "Scripts/Benchmarks/wayfarer-bench"
    ),

    // MARK: Tests shared
    .target(
      name: "TestSupport",
      dependencies: [
        "Diagnostics",
        "Locking",
        "LoopbackHTTP",
        "Networking",
        "TerminalConsole",
        "TerminalText",
      ],
      path: "Tests/TestSupport"
    ),
    // What each storage protocol promises, run against App's real stores
    // (AppTests) and the in-memory doubles of each module's tests: one
    // target per feature, so a feature's tests link only that feature.
    .target(
      name: "PreLoginContracts",
      dependencies: [
        "PreLogin"
      ],
      path: "Tests/StoreContracts/PreLogin"
    ),
    .target(
      name: "HomeContracts",
      dependencies: [
        "Home"
      ],
      path: "Tests/StoreContracts/Home"
    ),
    .target(
      name: "ExploreContracts",
      dependencies: [
        "Explore"
      ],
      path: "Tests/StoreContracts/Explore"
    ),
    .target(
      name: "BookmarksContracts",
      dependencies: [
        "Bookmarks"
      ],
      path: "Tests/StoreContracts/Bookmarks"
    ),
    .target(
      name: "ProfileContracts",
      dependencies: [
        "Profile"
      ],
      path: "Tests/StoreContracts/Profile"
    ),
    // The real app flows driven with no terminal, for AppTests and
    // wayfarer-bench (no XCTest); it reaches App's `package` declarations.
    .target(
      name: "AppHarness",
      dependencies: [
        "App",
        "DesignSystem",
        "Explore",  // the assistant the turns benchmark talks to
        "FeatureEnvironment",
        "Home",  // the places the bookmark writer saves
        "Networking",
        "Passwords",
        "PreLogin",
        "ServiceAccess",
        "TerminalConsole",
        "TerminalNavigation",
        "TerminalREPL",
      ],
      path: "Tests/AppHarness"
    ),
    // Saves bookmarks through App's store in a process of its own, for the
    // end-to-end tests that run two at once or kill one mid-run.
    .executableTarget(
      name: "bookmark-writer",
      dependencies: [
        "AppHarness"
      ],
      path: "Tests/BookmarkWriter"
    ),
    // The fuzz targets, one executable (Scripts/fuzz builds it with libFuzzer;
    // built as usual it replays the kept corpora, as the tests do).
    .target(
      name: "CFuzzDriver",
      path: "Tests/Fuzz/CFuzzDriver"
    ),
    .executableTarget(
      name: "wayfarer-fuzz",
      dependencies: [
        "App",
        "AppHarness",
        "CFuzzDriver",
        "Components",
        "Explore",
        "Home",
        "JSON",
        "Networking",
        "ServiceAccess",
        "TerminalText",
        "TextWidth",
      ],
      path: "Tests/Fuzz/FuzzTargets"
    ),
    // A real HTTP/1.1 server on 127.0.0.1 for tests and benchmarks (no XCTest).
    .target(
      name: "LoopbackHTTP",
      dependencies: [
        "Locking"
      ],
      path: "Tests/LoopbackHTTP"
    ),
    .testTarget(
      name: "EndToEndTests",
      dependencies: [
        "App",  // only to read the registered tabs (TabSet)
        "Storage",
        "TestSupport",
      ],
      path: "Tests/EndToEndTests",
      exclude: ["Golden"]  // screens captured through tmux, compared by GoldenScreenTests
    ),
  ],
  // C23 with GNU extensions (POSIX for the shims): CHomeCatalog embeds the catalog's readable files with #embed.
  cLanguageStandard: .gnu2x,
  // CSourceHighlight's C++ side, for source-highlight's and Boost's headers.
  cxxLanguageStandard: .cxx17
)

// Shared settings, applied once. C targets are named `C` and a capital
// (CCurl); Components is Swift. With WAYFARER_STRICT=1 (as .ci/run builds)
// every warning is an error, in Swift and in C, production and tests alike.
let strict = ProcessInfo.processInfo.environment["WAYFARER_STRICT"] == "1"
for target in package.targets where target.type != .system {
  let isC = target.name.hasPrefix("C") && target.name.dropFirst().first?.isUppercase == true
  if isC {
    if strict {
      target.cSettings = (target.cSettings ?? []) + [.unsafeFlags(["-Werror"])]
      target.cxxSettings = (target.cxxSettings ?? []) + [.unsafeFlags(["-Werror"])]
    }
    continue
  }
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .swiftLanguageMode(.v6),
      .enableUpcomingFeature("ExistentialAny"),
    ] + (strict ? [.unsafeFlags(["-warnings-as-errors"])] : [])
}
