/**
 * git, run so that nothing a game folder brings is executed. A shared folder (a zip, a download,
 * a clone) can carry a `.git` whose config names commands git runs on its own: `core.fsmonitor`,
 * hooks, filter drivers (`smudge`, `clean`, `process`), `diff.external`, textconv. So git is run
 * only where the user's own repository is — a `.git` at the project's root (the folder holding
 * the data folder), none inside the data folder or a game folder — with that repository named
 * explicitly (GIT_DIR, GIT_WORK_TREE: no search up or down), the environment's GIT_* variables
 * dropped, and every such command switched off on the command line, which git reads last.
 */
import { spawnSync } from "node:child_process";
import { lstatSync, realpathSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";

export interface ProjectRepo {
  /** The project's root (real path), the top of its repository. */
  root: string;
}

function hasGit(dir: string): boolean {
  try {
    lstatSync(join(dir, ".git"));
    return true;
  } catch {
    return false;
  }
}

/**
 * The user's repository for a game in `dataDir`, or why there is none: the project (the data
 * folder's parent) must hold `.git`, and no folder from the game's up to the project may hold one
 * of its own (that would be the game folder's repository, not the user's).
 */
export function projectRepo(dataDir: string, gameDir: string): ProjectRepo | { problem: string } {
  let data: string;
  let game: string;
  try {
    data = realpathSync(dataDir);
    game = realpathSync(gameDir);
  } catch (err) {
    return { problem: (err as Error).message };
  }
  const root = dirname(data);
  const rel = relative(root, game);
  if (rel === "" || rel.startsWith("..")) return { problem: `${gameDir} is not inside the project ${root}` };
  for (let dir = game; dir !== root; dir = dirname(dir)) {
    if (hasGit(dir)) return { problem: `${join(dir, ".git")} is a repository inside the project; syzygy runs git only in the project's own repository (${join(root, ".git")})` };
  }
  if (!hasGit(root)) return { problem: `${root} is not a git repository (no ${join(root, ".git")})` };
  return { root };
}

/** `-c` settings that keep git from running any command a repository's config names. */
export function safeGitConfig(root: string): string[] {
  const settings = new Set(["core.fsmonitor=false", "core.hooksPath=/dev/null", "diff.external=", "core.pager=cat"]);
  // The filter and diff drivers the config defines (reading config runs nothing): each is switched off.
  const r = spawnGit(root, ["config", "-z", "--name-only", "--get-regexp", "^(filter|diff)\\."], []);
  for (const key of r.ok ? r.out.toString("utf8").split("\0") : []) {
    const m = /^(filter|diff)\.(.+)\.[^.]+$/s.exec(key);
    if (m === null) continue;
    const keys = m[1] === "filter" ? ["clean=", "smudge=", "process=", "required=false"] : ["textconv=", "command="];
    for (const k of keys) settings.add(`${m[1]}.${m[2]}.${k}`);
  }
  return [...settings].flatMap((s) => ["-c", s]);
}

export interface GitResult {
  ok: boolean;
  out: Buffer;
  err: string;
}

/** The environment without the caller's GIT_* variables, naming `root`'s repository. */
function gitEnv(root: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith("GIT_")) env[k] = v;
  return { ...env, GIT_DIR: join(root, ".git"), GIT_WORK_TREE: root, GIT_CEILING_DIRECTORIES: dirname(root), GIT_TERMINAL_PROMPT: "0", GIT_OPTIONAL_LOCKS: "0" };
}

function spawnGit(root: string, args: string[], config: string[], input?: Buffer): GitResult {
  const r = spawnSync("git", ["--no-pager", ...config, ...args], { cwd: root, env: gitEnv(root), input, maxBuffer: 512 * 1024 * 1024 });
  return { ok: r.status === 0, out: r.stdout ?? Buffer.alloc(0), err: (r.stderr ?? Buffer.alloc(0)).toString("utf8").trim() || (r.error?.message ?? "") };
}

/** Runs `git args` in the project's repository with every repository-named command off. */
export function runGit(repo: ProjectRepo, args: string[], input?: Buffer): GitResult {
  return spawnGit(repo.root, args, safeGitConfig(repo.root), input);
}

/** `p` relative to the repository's top, with forward slashes, or undefined when outside it. */
export function repoPath(repo: ProjectRepo, p: string): string | undefined {
  let real: string;
  try {
    real = realpathSync(p);
  } catch {
    return undefined;
  }
  const rel = relative(repo.root, real);
  return rel === "" || rel.startsWith("..") ? undefined : rel.split(sep).join("/");
}
