// @ts-check
/**
 * TypeScriptToLua plugin (tstl.luaPlugins in tsconfig.lua.json and mods/tts/tsconfig.json):
 * `continue` compiles to `__continueN = true; break` inside `repeat … until true` — the shape
 * TSTL uses for Lua 5.1 — instead of the Lua 5.2 target's `goto __continueN`. MoonSharp 2.0 (the
 * interpreter Tabletop Simulator embeds) throws a NullReferenceException that pcall cannot catch
 * on a `goto` to a label at the end of a `while` body, on the loop's second pass. Everything else
 * about the 5.2 target stays as it is.
 *
 * A `continue` inside a `switch` (itself a `repeat … until true` in TSTL's output) would only
 * leave the switch, so it is refused with a diagnostic that names the file and line.
 */
const ts = require("typescript");
const lua = require("typescript-to-lua");
const scope = require("typescript-to-lua/dist/transformation/utils/scope");

/** @type {import("typescript-to-lua").Plugin} */
const plugin = {
  visitors: {
    [ts.SyntaxKind.ContinueStatement]: (statement, context) => {
      let loop;
      for (const s of scope.walkScopesUp(context)) {
        if (s.type === scope.ScopeType.Switch || s.type === scope.ScopeType.Try || s.type === scope.ScopeType.Catch) {
          const where = statement.getSourceFile();
          const { line } = where.getLineAndCharacterOfPosition(statement.getStart());
          context.diagnostics.push({
            category: ts.DiagnosticCategory.Error,
            code: 0,
            file: where,
            start: statement.getStart(),
            length: statement.getWidth(),
            messageText: `continue inside a switch or try (line ${line + 1}) cannot compile without goto: use if/else instead`,
            source: "syzygy no-goto",
          });
          break;
        }
        if (s.type === scope.ScopeType.Loop) {
          loop = s;
          break;
        }
      }
      if (loop === undefined) return [];
      loop.loopContinued = scope.LoopContinued.WithRepeatBreak;
      return [
        lua.createAssignmentStatement(lua.createIdentifier(`__continue${loop.id}`), lua.createBooleanLiteral(true), statement),
        lua.createBreakStatement(statement),
      ];
    },
  },
};

module.exports = plugin;
