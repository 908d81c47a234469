// Package cli gives every armgen binary (gen, controller, armfake, armctl) one command-line
// style: cobra commands with --long-flags, --help and --version (one version string, package
// version), errors printed as one line naming the command, and a bad flag or argument answered
// with that one line and a pointer to --help rather than the whole usage, exiting 2 (as Go's
// flag package does) where any other failure exits 1.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/armgen/armgen/internal/version"
)

// Exit codes.
const (
	ExitOK      = 0
	ExitFailure = 1
	// ExitUsage: the command line itself was wrong (an unknown flag, a bad flag value, the
	// wrong arguments).
	ExitUsage = 2
)

// UsageError is a command line a command cannot take; Run answers it with ExitUsage.
type UsageError struct {
	// Command is the command's path ("armctl clean crds"), for the pointer to its --help.
	Command string
	Err     error
}

func (e *UsageError) Error() string { return e.Err.Error() }

func (e *UsageError) Unwrap() error { return e.Err }

// Configure sets the conventions on root and every command below it; call it once the tree is
// built. Commands keep their own flags and run functions.
func Configure(root *cobra.Command) {
	root.Version = version.String()
	root.SetVersionTemplate("{{.Name}} {{.Version}}\n")
	root.SilenceUsage = true
	root.SilenceErrors = true
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return &UsageError{Command: c.CommandPath(), Err: err}
	})
	var visit func(*cobra.Command)
	visit = func(c *cobra.Command) {
		c.Args = usageArgs(c.Args)
		for _, sub := range c.Commands() {
			visit(sub)
		}
	}
	visit(root)
}

// usageArgs marks what an argument validator refuses as a usage error. Commands without one
// keep cobra's rule (an unknown subcommand of the root is refused), which Run marks.
func usageArgs(args cobra.PositionalArgs) cobra.PositionalArgs {
	if args == nil {
		return nil
	}
	return func(c *cobra.Command, a []string) error {
		if err := args(c, a); err != nil {
			return &UsageError{Command: c.CommandPath(), Err: err}
		}
		return nil
	}
}

// Run executes root (after Configure) with args and returns the exit code. An error is one
// line on stderr, "<command>: <error>", a usage error followed by where help is.
func Run(ctx context.Context, root *cobra.Command, args []string, stdout, stderr io.Writer) int {
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	// Execute looks the command up the same way first; its error (an unknown subcommand) is
	// the command line's fault.
	if c, _, err := root.Find(args); err != nil {
		if c == nil {
			c = root
		}
		err = &UsageError{Command: c.CommandPath(), Err: err}
		return report(root, err, stderr)
	}
	return report(root, root.ExecuteContext(ctx), stderr)
}

func report(root *cobra.Command, err error, stderr io.Writer) int {
	if err == nil {
		return ExitOK
	}
	var ue *UsageError
	if errors.As(err, &ue) {
		fmt.Fprintf(stderr, "%s: %s (see '%s --help')\n", root.Name(), oneLine(ue.Err.Error()), ue.Command)
		return ExitUsage
	}
	fmt.Fprintf(stderr, "%s: %v\n", root.Name(), err)
	return ExitFailure
}

// Main runs root over the process's arguments until SIGINT or SIGTERM cancels its context, and
// exits with Run's code.
func Main(root *cobra.Command) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := Run(ctx, root, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// oneLine keeps a usage error to its first line: cobra appends suggestions after a blank line.
func oneLine(s string) string {
	first, _, _ := strings.Cut(s, "\n")
	return strings.TrimSpace(first)
}
