extension CompletionScript {
  static func bash(_ table: ShellCommandTable, program: String, topOptions: [String]) -> String {
    let cases = caseBlocks(
      table, topOptions: topOptions,
      value: { #"COMPREPLY=($(compgen -W "\#($0.joined(separator: " "))" -- "$value")); return"# },
      // The fields after the last comma; those before stay as typed.
      fields: {
        #"[[ $value == -* ]] || { COMPREPLY=($(compgen -P "${value%"${value##*,}"}" -W "\#($0.joined(separator: " "))" -- "${value##*,}")); return; }"#
      },
      offer: { #"words="\#($0.words.joined(separator: " "))"; files=\#($0.completesFiles ? 1 : 0)"# })
    return """
      # bash completion for \(program), made by `\(program) completion bash`.
      _\(program)() {
        local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
        local key="" words="" files=0 i
        for ((i = 1; i < COMP_CWORD; i++)); do
          case "${COMP_WORDS[i]}" in -*) ;; *) key="${key:+$key }${COMP_WORDS[i]}" ;; esac
        done
        # bash splits --option=value at the =: the option is before it.
        local option=$prev value=$cur
        if [[ $cur == "=" ]]; then value=""; elif [[ $prev == "=" ]]; then option=${COMP_WORDS[COMP_CWORD-2]}; fi
      \(cases)
        COMPREPLY=($(compgen -W "$words" -- "$cur"))
        if [[ $files == 1 && $cur != -* ]]; then
          compopt -o filenames 2>/dev/null
          local IFS=$'\\n'
          COMPREPLY+=($(compgen -f -- "$cur"))
        fi
      }
      complete -F _\(program) \(program)

      """
  }

  static func zsh(_ table: ShellCommandTable, program: String, topOptions: [String]) -> String {
    let cases = caseBlocks(
      table, topOptions: topOptions,
      value: { ($0.isEmpty ? "_message value" : "compadd -- " + $0.joined(separator: " ")) + "; return" },
      // The fields after the last comma; those before move to IPREFIX, as compset -P does.
      fields: {
        #"[[ $PREFIX == -* ]] || { [[ $PREFIX == *,* ]] && { IPREFIX+=${PREFIX%,*},; PREFIX=${PREFIX##*,}; }; compadd -- \#($0.joined(separator: " ")); return; }"#
      },
      offer: { "compadd -- " + $0.words.joined(separator: " ") + ($0.completesFiles ? "; _files" : "") })
    return """
      #compdef \(program)
      # zsh completion for \(program), made by `\(program) completion zsh`.
      _\(program)() {
        local key="" option=${words[CURRENT-1]} i
        for ((i = 2; i < CURRENT; i++)); do
          [[ ${words[i]} == -* ]] || key="${key:+$key }${words[i]}"
        done
        # --option=value: the value is completed, the option kept as typed.
        if [[ $PREFIX == --*=* ]]; then option=${PREFIX%%=*}; IPREFIX+=$option=; PREFIX=${PREFIX#*=}; fi
      \(cases)
      }
      # Autoloaded from $fpath (compinit), complete now; sourced, register.
      if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
        _\(program) "$@"
      else
        compdef _\(program) \(program)
      fi

      """
  }

  /// The three `case` statements bash and zsh share: the words typed
  /// reduced to the command they name, an option's values (`--json`'s
  /// fields), and what may follow the command; `value`, `fields` and
  /// `offer` say each in the shell's words.
  private static func caseBlocks(
    _ table: ShellCommandTable, topOptions: [String], value: ([String]) -> String, fields: ([String]) -> String,
    offer: (Offer) -> String
  ) -> String {
    let values =
      valueCases(table).map { "    \"\($0.pattern)\") \(value($0.choices)) ;;" }
      + fieldCases(table).map { "    \"\($0.pattern)\") \(fields($0.fields)) ;;" }
    let offers = offers(table, topOptions: topOptions).map { "    \"\($0.key)\") \(offer($0)) ;;" }
    return """
        case "$key" in
      \(keyCases(table, assign: "key"))
          *) key="" ;;
        esac
        case "$key|$option" in
      \(values.joined(separator: "\n"))
        esac
        case "$key" in
      \(offers.joined(separator: "\n"))
        esac
      """
  }

  static func fish(_ table: ShellCommandTable, program: String, topOptions: [String]) -> String {
    var lines = [
      "# fish completion for \(program), made by `\(program) completion fish`.", "complete -c \(program) -f",
    ]
    for name in table.topNames {
      let summary = table.specs.first { $0.path == [name] }?.summary ?? "\(name) commands"
      lines.append("complete -c \(program) -n __fish_use_subcommand -a \(name) -d \(quoted(summary))")
    }
    for group in table.topNames {
      let members = table.members(of: group).map(\.spec)
      guard !members.isEmpty else { continue }
      let names = members.map { $0.path[1] }.joined(separator: " ")
      for member in members {
        lines.append(
          "complete -c \(program) -n '__fish_seen_subcommand_from \(group); and not __fish_seen_subcommand_from \(names)' -a \(member.path[1]) -d \(quoted(member.summary))"
        )
      }
    }
    for spec in table.specs {
      let condition = "'__fish_seen_subcommand_from \(spec.path.last ?? "")'"
      for parameter in spec.parameters {
        if case .choice(let words) = parameter.kind {
          lines.append("complete -c \(program) -n \(condition) -a \(quoted(words.joined(separator: " ")))")
        } else if parameter.placeholder.contains("FILE") {
          lines.append("complete -c \(program) -n \(condition) -F")
        }
      }
      for option in spec.options {
        var line = "complete -c \(program) -n \(condition) -l \(option.name.dropFirst(2))"
        if let fields = option.fields {
          line += " -x -a \(quoted(fishFields(fields.names)))"
        } else if let value = option.value {
          if case .choice(let words) = value.kind {
            line += " -x -a \(quoted(words.joined(separator: " ")))"
          } else {
            line += " -x"
          }
        }
        lines.append(line + " -d \(quoted(option.summary))")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `--json`'s fields after what the token has up to its last comma
  /// (`--json=fullName,st` → `fullName,stars`, …), so a list goes on.
  private static func fishFields(_ names: [String]) -> String {
    #"(string replace -r -- "^(--json=)?(.*,)?[^,]*\$" "\$2" (commandline -ct))(string split " " ""#
      + names.joined(separator: " ") + #"")"#
  }

  /// `text` in single quotes, as fish reads it.
  static func quoted(_ text: String) -> String {
    "'" + text.map { $0 == "\\" || $0 == "'" ? "\\\($0)" : String($0) }.joined() + "'"
  }
}
