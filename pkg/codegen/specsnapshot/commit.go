// Package specsnapshot ties a spec root to the azure-rest-api-specs commit it
// holds: it reads that commit without running git, warns when it is not the
// one azure-arm.yaml pins, and fetches the pinned commit.
//
// The committed generated/ tree is a function of the config and of the spec
// snapshot; regenerating from another snapshot quietly rewrites files nobody
// meant to change, so the snapshot is pinned and checked like a dependency.
package specsnapshot

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// ProvenanceFile sits beside the specification folder of a snapshot that is
// not a git checkout (such as the shared read-only copy CI uses) and names
// the upstream commit it was taken from.
const ProvenanceFile = "PROVENANCE.md"

// Commit returns the commit of the checkout whose specification folder is
// specRoot, and the file it was read from. ok is false when neither git
// metadata nor a provenance note says.
//
// Git metadata wins over a provenance note: it moves with every checkout,
// while a note is written once and can go stale.
func Commit(specRoot string) (commit, source string, ok bool) {
	top := filepath.Dir(filepath.Clean(specRoot))
	if c, src, ok := gitCommit(filepath.Join(top, ".git")); ok {
		return c, src, true
	}
	return provenanceCommit(filepath.Join(top, ProvenanceFile))
}

// A provenance note is prose for people; the first full commit id in it is
// taken to be the snapshot's.
var shaInText = regexp.MustCompile(`\b[0-9a-fA-F]{40}\b`)

func provenanceCommit(file string) (string, string, bool) {
	data, err := os.ReadFile(file)
	if err != nil {
		return "", "", false
	}
	m := shaInText.Find(data)
	if m == nil {
		return "", "", false
	}
	return strings.ToLower(string(m)), file, true
}

// gitCommit resolves HEAD by reading files, so that a warning never depends
// on git being installed and never costs a process per run.
func gitCommit(dotGit string) (string, string, bool) {
	gitDir, ok := gitDirOf(dotGit)
	if !ok {
		return "", "", false
	}
	// A linked worktree keeps HEAD to itself but shares refs with the main
	// repository, which its commondir file names.
	common := gitDir
	if data, err := os.ReadFile(filepath.Join(gitDir, "commondir")); err == nil {
		common = relativeTo(gitDir, strings.TrimSpace(string(data)))
	}
	head := filepath.Join(gitDir, "HEAD")
	data, err := os.ReadFile(head)
	if err != nil {
		return "", "", false
	}
	value := strings.TrimSpace(string(data))
	// A symbolic ref can point at another symbolic ref; git itself gives up
	// after a handful of hops, and so does this.
	for range 5 {
		if isSHA(value) {
			return strings.ToLower(value), head, true
		}
		ref, symbolic := strings.CutPrefix(value, "ref:")
		if !symbolic {
			return "", "", false
		}
		value, ok = readRef(gitDir, common, strings.TrimSpace(ref))
		if !ok {
			return "", "", false
		}
	}
	return "", "", false
}

// gitDirOf follows a ".git" file (worktrees, submodules) to the real
// git directory.
func gitDirOf(dotGit string) (string, bool) {
	fi, err := os.Stat(dotGit)
	switch {
	case err != nil:
		return "", false
	case fi.IsDir():
		return dotGit, true
	}
	data, err := os.ReadFile(dotGit)
	if err != nil {
		return "", false
	}
	dir, ok := strings.CutPrefix(strings.TrimSpace(string(data)), "gitdir:")
	if !ok {
		return "", false
	}
	return relativeTo(filepath.Dir(dotGit), strings.TrimSpace(dir)), true
}

// readRef returns the contents of a ref (a SHA, or "ref: ..." again): the
// loose file when there is one, else its line in packed-refs.
func readRef(gitDir, common, ref string) (string, bool) {
	if !strings.HasPrefix(ref, "refs/") || strings.Contains(ref, "..") {
		return "", false
	}
	for _, dir := range []string{gitDir, common} {
		if data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(ref))); err == nil {
			return strings.TrimSpace(string(data)), true
		}
	}
	data, err := os.ReadFile(filepath.Join(common, "packed-refs"))
	if err != nil {
		return "", false
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		// Lines are "<sha> <ref>"; "#" starts the header and "^" the peeled
		// target of the tag above, neither of which names a ref.
		sha, name, ok := strings.Cut(sc.Text(), " ")
		if ok && name == ref && isSHA(sha) {
			return sha, true
		}
	}
	return "", false
}

func relativeTo(base, p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(base, p)
}

// isSHA accepts either case: it reads ids that git wrote, and compares them
// lower-cased.
func isSHA(s string) bool {
	if len(s) != 40 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i] | 0x20
		if !('0' <= s[i] && s[i] <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}
