// Package clitest checks a binary's command line against the conventions of package cli, by
// running its root command in the test process as its main would.
package clitest

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/armgen/armgen/internal/cli"
	"github.com/armgen/armgen/internal/version"
)

// Case is one command line and what it must give.
type Case struct {
	Name string
	Args []string
	// Code is the exit code.
	Code int
	// Stderr, when set, is all of stderr.
	Stderr string
	// StderrHas are strings stderr must hold.
	StderrHas []string
	// Stdout, when set, is all of stdout.
	Stdout string
	// StdoutHas are strings stdout must hold.
	StdoutHas []string
}

// Standard is what every binary answers alike: --version, --help (listing flags), an unknown
// flag, a flag without its value, an unexpected argument.
func Standard(name, valueFlag string, flags ...string) []Case {
	see := " (see '" + name + " --help')\n"
	return []Case{
		{Name: "version", Args: []string{"--version"}, Code: cli.ExitOK, Stdout: name + " " + version.String() + "\n"},
		{Name: "help", Args: []string{"--help"}, Code: cli.ExitOK, StdoutHas: append([]string{"Usage:", "--help", "--version"}, flags...)},
		{Name: "unknown flag", Args: []string{"--no-such-flag"}, Code: cli.ExitUsage, Stderr: name + ": unknown flag: --no-such-flag" + see},
		{Name: "single-dash long flag", Args: []string{"-no-such-flag"}, Code: cli.ExitUsage, Stderr: name + ": unknown shorthand flag: 'n' in -no-such-flag" + see},
		{Name: "flag without its value", Args: []string{valueFlag}, Code: cli.ExitUsage, Stderr: name + ": flag needs an argument: " + valueFlag + see},
	}
}

// Run runs each case against a fresh root command from newCommand.
func Run(t *testing.T, newCommand func() *cobra.Command, cases []Case) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := cli.Run(context.Background(), newCommand(), tc.Args, &stdout, &stderr)
			if code != tc.Code {
				t.Errorf("%v: exit code %d, want %d\nstderr: %s", tc.Args, code, tc.Code, stderr.String())
			}
			if tc.Stderr != "" || tc.Code == cli.ExitOK {
				if got := stderr.String(); got != tc.Stderr {
					t.Errorf("%v: stderr\n%q\nwant\n%q", tc.Args, got, tc.Stderr)
				}
			}
			if tc.Code != cli.ExitOK && strings.Count(stderr.String(), "\n") != 1 {
				t.Errorf("%v: stderr is not one line:\n%s", tc.Args, stderr.String())
			}
			if tc.Stdout != "" && stdout.String() != tc.Stdout {
				t.Errorf("%v: stdout\n%q\nwant\n%q", tc.Args, stdout.String(), tc.Stdout)
			}
			for _, want := range tc.StderrHas {
				if !strings.Contains(stderr.String(), want) {
					t.Errorf("%v: stderr lacks %q:\n%s", tc.Args, want, stderr.String())
				}
			}
			for _, want := range tc.StdoutHas {
				if !strings.Contains(stdout.String(), want) {
					t.Errorf("%v: stdout lacks %q:\n%s", tc.Args, want, stdout.String())
				}
			}
		})
	}
}
