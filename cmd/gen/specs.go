package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/armgen/armgen/pkg/codegen"
	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/specsnapshot"
)

// specsRepoEnv overrides specRepository, for mirrors (and for tests, which
// fetch from a local repository).
const specsRepoEnv = "ARMGEN_SPECS_REPO"

func newSpecsCommand(g *globalFlags) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "specs",
		Short: "Show the spec root in use, its commit and the commit azure-arm.yaml pins",
		Long: `specs prints the spec root gen would read (--spec-root, then $` + specRootEnv + `, then specRoot in
the config), the azure-rest-api-specs commit it holds (from its .git or a PROVENANCE.md beside it)
and the commit the config pins with specCommit. generated/ is made from the pinned commit; a spec
root at another commit gives different output, which gen and gen check warn about.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runSpecs(cmd, g)
		},
	}
	cmd.AddCommand(newSpecsFetchCommand(g))
	return cmd
}

func newSpecsFetchCommand(g *globalFlags) *cobra.Command {
	var repo string
	cmd := &cobra.Command{
		Use:   "fetch",
		Short: "Fetch the pinned spec commit into specRoot's checkout, unless a spec root is already there",
		Long: `fetch makes sure a spec root exists. When the spec root gen would read exists, it does nothing
(and warns when that spec root is not at the pinned commit; with -q it stays silent, leaving the
warning to the gen run that follows, as in make generate).

Otherwise it fetches specCommit of specRepository with git, one commit deep and only the ARM
swagger (resource-manager folders without examples, common folders, common-types), into the
folder above specRoot: specs/azure-rest-api-specs for this repository. A failed fetch leaves
nothing behind.

It fetches only into specRoot of the config: when --spec-root or $` + specRootEnv + ` names a folder
that does not exist, it fails instead, since that is a path someone chose by hand.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runSpecsFetch(cmd, g, repo)
		},
	}
	cmd.Flags().StringVar(&repo, "repo", "", "the repository to fetch from (default $"+specsRepoEnv+", then specRepository in the config)")
	return cmd
}

// specRootSetting decides the spec root the way gen does, and names the
// setting it came from so that messages tell the user what to change.
// byHand is set when the path came from the command line or environment
// rather than from the config.
func specRootSetting(g *globalFlags, cfg *config.Config) (root, from string, byHand bool) {
	switch {
	case g.specRoot != "":
		return g.specRoot, "--spec-root", true
	case os.Getenv(specRootEnv) != "":
		return os.Getenv(specRootEnv), specRootEnv, true
	case cfg.SpecRoot != "":
		return cfg.ResolvePath(cfg.SpecRoot), "specRoot in " + cfg.File, false
	}
	return "", "", false
}

func runSpecs(cmd *cobra.Command, g *globalFlags) error {
	cfg, err := config.Load(g.config)
	if err != nil {
		return err
	}
	out := cmd.OutOrStdout()
	root, from, byHand := specRootSetting(g, cfg)
	switch _, statErr := os.Stat(root); {
	case root == "":
		fmt.Fprintf(out, "spec root  none: pass --spec-root, set %s, or set specRoot in %s\n", specRootEnv, cfg.File)
	case statErr != nil:
		fmt.Fprintf(out, "spec root  %s (%s), which does not exist; %s\n", root, from, missingRootHint(byHand))
	default:
		fmt.Fprintf(out, "spec root  %s (%s)\n", root, from)
		if commit, source, ok := specsnapshot.Commit(root); ok {
			fmt.Fprintf(out, "commit     %s (from %s)\n", commit, source)
		} else {
			fmt.Fprintf(out, "commit     unknown: no .git or %s beside the spec root\n", specsnapshot.ProvenanceFile)
		}
	}
	if cfg.SpecCommit == "" {
		fmt.Fprintf(out, "pinned     nothing: %s sets no specCommit\n", cfg.File)
	} else {
		pin := cfg.SpecCommit
		if cfg.SpecRepository != "" {
			pin += " of " + cfg.SpecRepository
		}
		fmt.Fprintf(out, "pinned     %s (specCommit in %s)\n", pin, cfg.File)
	}
	if root != "" {
		printSpecDrift(cmd.ErrOrStderr(), root, cfg)
	}
	return nil
}

func runSpecsFetch(cmd *cobra.Command, g *globalFlags, repo string) error {
	cfg, err := config.Load(g.config)
	if err != nil {
		return err
	}
	errOut := cmd.ErrOrStderr()
	root, from, byHand := specRootSetting(g, cfg)
	if root == "" {
		return fmt.Errorf("no spec root to fetch into: set specRoot in %s (or pass --spec-root, or set %s, to use an existing checkout)", cfg.File, specRootEnv)
	}
	fi, err := os.Stat(root)
	switch {
	case err == nil && !fi.IsDir():
		return fmt.Errorf("spec root %s (%s) is a file, not the specification folder of a checkout", root, from)
	case err == nil:
		if !g.quiet {
			fmt.Fprintf(errOut, "spec root %s (%s) exists; nothing to fetch\n", root, from)
			printSpecDrift(errOut, root, cfg)
		}
		return nil
	case !errors.Is(err, fs.ErrNotExist):
		return err
	case byHand:
		return fmt.Errorf("%s names %s, which does not exist; %s", from, root, missingRootHint(true))
	}

	if cfg.SpecCommit == "" {
		return fmt.Errorf("%s pins no spec snapshot: set specCommit (and specRepository) to the azure-rest-api-specs commit to fetch", cfg.File)
	}
	if repo == "" {
		repo = os.Getenv(specsRepoEnv)
	}
	if repo == "" {
		repo = cfg.SpecRepository
	}
	if repo == "" {
		return fmt.Errorf("%s sets no specRepository to fetch %s from (or pass --repo, or set %s)", cfg.File, cfg.SpecCommit, specsRepoEnv)
	}
	// The checkout has to be the folder above specification, or the spec
	// root would not be where the config says once the fetch is done.
	if filepath.Base(root) != "specification" {
		return fmt.Errorf("specRoot %s in %s does not end in /specification; fetch checks azure-rest-api-specs out into the folder above specRoot, so specRoot must name its specification folder", cfg.SpecRoot, cfg.File)
	}
	dir := filepath.Dir(root)
	// Said even with -q: the fetch takes a while, and silence would look like a hang.
	fmt.Fprintf(errOut, "fetching %s at %s into %s (one commit, ARM swagger only)\n", repo, specsnapshot.Short(cfg.SpecCommit), dir)
	if err := specsnapshot.Fetch(cmd.Context(), repo, cfg.SpecCommit, dir, errOut); err != nil {
		return err
	}
	if !g.quiet {
		fmt.Fprintf(errOut, "fetched: the spec root is %s\n", root)
	}
	return nil
}

// missingRootHint says what to do about a spec root that does not exist,
// depending on the setting that named it.
func missingRootHint(byHand bool) string {
	if !byHand {
		return "'make specs' (go run ./cmd/gen specs fetch) fetches the pinned commit there"
	}
	return "point it at the specification folder of an existing checkout, or unset it to use specRoot of the config ('make specs' fetches the pinned commit there)"
}

// warnSpecDrift warns when gen or gen check reads a spec root at another
// commit than the pinned one. It prints even with --quiet: the warning
// explains a diff in generated/ that would otherwise look like a generator
// bug, and make check-generated runs gen with -q.
func warnSpecDrift(w io.Writer, o codegen.Options) {
	root := o.SpecRoot
	if root == "" {
		root = o.Config.ResolvePath(o.Config.SpecRoot)
	}
	if root != "" {
		printSpecDrift(w, root, o.Config)
	}
}

func printSpecDrift(w io.Writer, root string, cfg *config.Config) {
	msg := specsnapshot.Drift(root, cfg.SpecCommit)
	if msg == "" {
		return
	}
	if rest, ok := strings.CutPrefix(msg, "warning:"); ok {
		msg = painter(colourOn(w)).paint(styleYellow, "warning:") + rest
	}
	fmt.Fprintln(w, msg)
}
