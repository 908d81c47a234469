package main

import (
	"fmt"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/armgen/armgen/internal/cli"
	"github.com/armgen/armgen/pkg/codegen"
	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/emit/golang"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// specRootEnv overrides the spec root from the environment (CI sets it).
const specRootEnv = "ARMGEN_SPEC_ROOT"

type globalFlags struct {
	config     string
	specRoot   string
	out        string
	docs       string
	debugStage string
	all        bool
	fullDesc   bool
	goPrinter  bool
	goPackage  string
	cpuProfile string
	memProfile string
	// stageHeapDir receives a heap profile after every stage.
	stageHeapDir string
	traceFile    string
	quiet        bool
	verbose      bool
	audit        bool
	compile      bool
}

func newRootCommand() *cobra.Command {
	var g globalFlags
	cmd := &cobra.Command{
		Use:   "gen",
		Short: "Generate Kubernetes APIs for Azure resources from ARM swagger",
		Long: `gen reads azure-arm.yaml, loads the ARM swagger under the spec root, and writes Go API
packages, deepcopy, CRD YAML and the resource registration list into the output directory
(generated/ by default). The output directory is replaced only when the whole run succeeds.

The spec root is, in order of precedence: --spec-root, $` + specRootEnv + `, specRoot in the config.`,
		Args:          cobra.NoArgs,
		SilenceUsage:  true,
		SilenceErrors: true,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runGenerate(cmd, g)
		},
	}
	f := cmd.PersistentFlags()
	f.StringVarP(&g.config, "config", "c", "azure-arm.yaml", "the configuration file")
	f.StringVar(&g.specRoot, "spec-root", "", "the specification folder of azure-rest-api-specs (default $"+specRootEnv+", then specRoot in the config)")
	// Not persistent: subcommands use -o for their own output (list -o json, crds -o FILE).
	cmd.Flags().StringVarP(&g.out, "out", "o", "", "the output directory (default outputPath in the config)")
	cmd.Flags().StringVar(&g.docs, "docs", "", "the docs folder for the generated resource pages (default docsPath in the config; none with --out)")
	f.BoolVarP(&g.quiet, "quiet", "q", false, "print errors only")
	f.BoolVarP(&g.verbose, "verbose", "v", false, "print each stage's description and allocations too")
	f.StringVar(&g.goPackage, "package", "", "the Go import path of the output directory (default outputPackage in the config)")
	cmd.Flags().BoolVar(&g.fullDesc, "full-descriptions", false, "keep full descriptions in CRDs over kubectl's 256 KiB apply limit (they are trimmed by default; see README)")
	cmd.Flags().BoolVar(&g.all, "all", false, "generate every resource type of the spec root (newest stable api-version, else newest preview) and write a coverage report; use with --out")
	f.StringVar(&g.cpuProfile, "cpuprofile", "", "write a CPU profile to this file")
	f.StringVar(&g.memProfile, "memprofile", "", "write a heap profile to this file at the end")
	f.StringVar(&g.stageHeapDir, "memprofile-stages", "", "write a heap profile into this folder after every stage (NN-stage.heap), collecting garbage first")
	f.StringVar(&g.traceFile, "trace", "", "write an execution trace to this file (go tool trace)")
	cmd.Flags().BoolVar(&g.goPrinter, "go-printer", false, "print Go files through dst's restorer and go/printer (the reference of the direct printer)")
	_ = cmd.Flags().MarkHidden("go-printer")
	_ = f.MarkHidden("cpuprofile")
	_ = f.MarkHidden("memprofile")
	_ = f.MarkHidden("memprofile-stages")
	_ = f.MarkHidden("trace")
	cmd.Flags().BoolVar(&g.audit, "audit", false, "account for every swagger property of every generated resource: a TSV on stdout, a summary on stderr; fails, writing nothing, on any property not accounted for (docs/audit.md)")
	cmd.Flags().BoolVar(&g.compile, "compile-check", false, "type-check the generated Go packages before writing them (needs the go command, run inside this module); fails, writing nothing, on code that does not compile")
	cmd.Flags().StringVar(&g.debugStage, "debug-stage", "", "dump the pipeline state after this stage to stdout")
	cmd.AddCommand(newCrdsCommand(&g), newReportCommand(&g))
	cmd.AddCommand(newCheckCommand(&g), newListCommand(&g), newExplainCommand(&g), newAddCommand(&g))
	cmd.AddCommand(newSpecsCommand(&g))
	cli.Configure(cmd)
	return cmd
}

// options turns flags into generation options.
func (g globalFlags) options() (codegen.Options, error) {
	cfg, err := config.Load(g.config)
	if err != nil {
		return codegen.Options{}, err
	}
	root := g.specRoot
	if root == "" {
		root = os.Getenv(specRootEnv)
	}
	if g.goPackage != "" {
		c := *cfg
		c.OutputPackage = g.goPackage
		cfg = &c
	}
	if g.all && g.out == "" {
		return codegen.Options{}, fmt.Errorf("--all needs --out, so that the committed generated/ is left alone")
	}
	return codegen.Options{Config: cfg, SpecRoot: root, OutputDir: g.out, DocsDir: g.docs, All: g.all,
		FullDescriptions: g.fullDesc, Printer: printer(g.goPrinter), Audit: g.audit, CompileCheck: g.compile}, nil
}

func runGenerate(cmd *cobra.Command, g globalFlags) error {
	o, err := g.options()
	if err != nil {
		return err
	}
	warnSpecDrift(cmd.ErrOrStderr(), o)
	out := cmd.ErrOrStderr()
	if !g.quiet {
		o.Observe = stagePrinter(out, g.verbose)
	}
	if g.stageHeapDir != "" {
		if o.Observe, err = stageHeapProfiles(g.stageHeapDir, o.Observe); err != nil {
			return err
		}
	}
	if g.debugStage != "" {
		o.DebugStage = g.debugStage
		o.DebugOut = func(id string, s pipeline.State) error {
			fmt.Fprintf(cmd.OutOrStdout(), "# state after %s\n", id)
			return pipeline.Dump(cmd.OutOrStdout(), s)
		}
	}
	stop, err := startProfiles(g.cpuProfile, g.memProfile, g.traceFile)
	if err != nil {
		return err
	}
	res, err := codegen.Generate(cmd.Context(), o)
	if perr := stop(); err == nil && perr != nil {
		return perr
	}
	if res != nil && res.Audit != nil {
		if werr := printAudit(cmd.OutOrStdout(), out, res.Audit); err == nil {
			err = werr
		}
	}
	if err != nil {
		return err
	}
	if res.Coverage != nil && !g.quiet {
		d, gen, sk := res.Coverage.Totals()
		fmt.Fprintf(out, "coverage: %d resources discovered, %d generated, %d skipped (coverage.md, coverage.json)\n", d, gen, sk)
	}
	if !g.quiet {
		fmt.Fprintf(out, "generated %d resources, %d types, %d files into %s in %s, peak memory %d MiB\n",
			res.Resources, res.Types, len(res.Files), res.OutputDir, res.Elapsed.Round(time.Millisecond), peakRSS()>>20)
		fmt.Fprintln(out, crdSizeLine(res.Files))
	}
	return nil
}

// printer is how --go-printer asks for Go files to be printed.
func printer(goPrinter bool) golang.Printer {
	if goPrinter {
		return golang.PrintGo
	}
	return golang.PrintDirect
}
