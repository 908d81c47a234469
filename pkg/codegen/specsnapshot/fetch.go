package specsnapshot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// SparsePatterns is what a fetch checks out: the ARM swagger, the shared
// types it refers to, and the per-service common folders some of it also
// refers to (synapse's resource-manager files $ref ../../common/v1/types.json).
// Examples are left out because the loader never reads them and they are
// most of the bytes; data-plane specs are not ARM at all. Non-cone patterns,
// because cone mode can only name whole folders, not "every service's
// resource-manager".
var SparsePatterns = []string{
	"/specification/*/resource-manager/",
	"!/specification/*/resource-manager/**/examples/",
	"/specification/*/common/",
	"/specification/common-types/",
}

// Fetch checks out exactly commit of repo into dir, which must not exist:
// one commit deep and only the SparsePatterns, so the repository's history,
// examples and data-plane specs, most of its bytes, are never downloaded.
// The work happens in a hidden sibling of dir that is renamed into place only
// once the checkout is complete, so an interrupted or failed fetch never
// leaves a spec root that looks usable but is not. On a terminal, git's
// progress goes to stderr; a failure is reported only by the returned error.
func Fetch(ctx context.Context, repo, commit, dir string, stderr io.Writer) error {
	if !isSHA(commit) {
		return fmt.Errorf("cannot fetch the ARM specs: %q is not a full commit SHA", commit)
	}
	if _, err := os.Lstat(dir); err == nil {
		return fmt.Errorf("cannot fetch the ARM specs into %s: it already exists; remove it to fetch again", dir)
	}
	if _, err := exec.LookPath("git"); err != nil {
		return fetchError(repo, commit, "git is not installed or not on PATH")
	}
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return fetchError(repo, commit, err.Error())
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(dir)+".fetch-*")
	if err != nil {
		return fetchError(repo, commit, err.Error())
	}
	done := false
	defer func() {
		if !done {
			os.RemoveAll(tmp)
		}
	}()

	g := &gitRunner{ctx: ctx, dir: tmp}
	steps := [][]string{
		{"init", "-q"},
		{"remote", "add", "origin", repo},
		// Written as config and a file rather than with `git sparse-checkout
		// set`, whose flags and behaviour in a repository without commits
		// have changed between git releases.
		{"config", "core.sparseCheckout", "true"},
		{"config", "core.sparseCheckoutCone", "false"},
	}
	for _, args := range steps {
		if err := g.run(false, args...); err != nil {
			return fetchError(repo, commit, err.Error())
		}
	}
	info := filepath.Join(tmp, ".git", "info")
	if err := os.MkdirAll(info, 0o755); err != nil {
		return fetchError(repo, commit, err.Error())
	}
	if err := os.WriteFile(filepath.Join(info, "sparse-checkout"), []byte(strings.Join(SparsePatterns, "\n")+"\n"), 0o644); err != nil {
		return fetchError(repo, commit, err.Error())
	}
	// Progress meters only help a person watching; in a log they are noise.
	progress := "--quiet"
	if isTerminal(stderr) {
		progress = "--progress"
		g.progress = &withoutFailures{w: stderr}
	}
	// blob:none fetches trees only; the checkout then asks for just the
	// blobs the sparse patterns select.
	fetch := []string{"fetch", progress, "--depth", "1", "--filter=blob:none", "--no-tags", "origin", commit}
	checkout := []string{"-c", "advice.detachedHead=false", "checkout", progress, "--detach", "FETCH_HEAD"}
	for _, args := range [][]string{fetch, checkout} {
		if err := g.run(true, args...); err != nil {
			if ctx.Err() != nil {
				return fmt.Errorf("fetch of the ARM specs interrupted; %s was not created", dir)
			}
			return fetchError(repo, commit, err.Error())
		}
	}
	if fi, err := os.Stat(filepath.Join(tmp, "specification")); err != nil || !fi.IsDir() {
		return fetchError(repo, commit, "the commit has no specification folder; is this azure-rest-api-specs?")
	}
	// MkdirTemp made the folder private; a checkout is not.
	if err := os.Chmod(tmp, 0o755); err != nil {
		return fetchError(repo, commit, err.Error())
	}
	if err := os.Rename(tmp, dir); err != nil {
		if _, serr := os.Lstat(dir); serr == nil {
			return fmt.Errorf("cannot fetch the ARM specs into %s: it appeared while fetching (another fetch?); remove it to fetch again", dir)
		}
		return fetchError(repo, commit, err.Error())
	}
	done = true
	return nil
}

// fetchError is the one message a failed fetch gives: why, in git's words,
// and what to do without a network, since that is the usual cause.
func fetchError(repo, commit, reason string) error {
	return fmt.Errorf("cannot fetch the ARM specs (%s at %s): %s. Offline? Point armgen at an existing checkout of that commit: "+
		"%s=/path/to/azure-rest-api-specs/specification (or --spec-root, or specRoot in azure-arm.yaml)",
		repo, commit, strings.TrimSuffix(reason, "."), SpecRootEnv)
}

type gitRunner struct {
	ctx      context.Context
	dir      string
	progress io.Writer
}

// run runs git in the checkout. Its stderr is kept so that a failure can be
// explained in git's words; when stream is set and there is someone to watch,
// it is also passed on, because a fetch can take minutes.
func (g *gitRunner) run(stream bool, args ...string) error {
	var errOut bytes.Buffer
	cmd := exec.CommandContext(g.ctx, "git", args...)
	cmd.Dir = g.dir
	// A repository that wants credentials would otherwise prompt, and a
	// prompt inside make looks like a hang.
	cmd.Env = append(os.Environ(), "GIT_TERMINAL_PROMPT=0")
	cmd.Stderr = &errOut
	if stream && g.progress != nil {
		cmd.Stderr = io.MultiWriter(g.progress, &errOut)
	}
	err := cmd.Run()
	switch {
	case err == nil:
		return nil
	case g.ctx.Err() != nil:
		return errors.New("interrupted")
	}
	if reason := gitReason(errOut.String()); reason != "" {
		return errors.New(reason)
	}
	return fmt.Errorf("git %s: %v", args[0], err)
}

// gitReason picks the line of git's stderr that says what went wrong: the
// first fatal or error line, since git follows it with generic advice ("Please
// make sure you have the correct access rights..."); else the last line.
// Progress meters redraw with carriage returns, so those split lines too.
func gitReason(stderr string) string {
	lines := strings.FieldsFunc(stderr, func(r rune) bool { return r == '\n' || r == '\r' })
	last := ""
	for _, l := range lines {
		l = strings.TrimSpace(l)
		for _, prefix := range []string{"fatal:", "error:"} {
			if rest, ok := strings.CutPrefix(l, prefix); ok {
				return strings.TrimSpace(rest)
			}
		}
		if l != "" {
			last = l
		}
	}
	return last
}

// withoutFailures passes git's progress on but holds back its fatal and
// error lines: the returned error already quotes the one that matters, and
// a failure should read as one message, not as git's and then armgen's.
type withoutFailures struct {
	w    io.Writer
	line []byte
}

func (f *withoutFailures) Write(p []byte) (int, error) {
	for _, b := range p {
		f.line = append(f.line, b)
		if b != '\n' && b != '\r' {
			continue
		}
		if !bytes.HasPrefix(f.line, []byte("fatal:")) && !bytes.HasPrefix(f.line, []byte("error:")) {
			if _, err := f.w.Write(f.line); err != nil {
				return 0, err
			}
		}
		f.line = f.line[:0]
	}
	return len(p), nil
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
