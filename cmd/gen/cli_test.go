package main

import (
	"testing"

	"github.com/armgen/armgen/internal/cli"
	"github.com/armgen/armgen/internal/cli/clitest"
)

func TestCommandLine(t *testing.T) {
	see := func(cmd string) string { return " (see '" + cmd + " --help')\n" }
	cases := append(clitest.Standard("gen", "--config", "--spec-root", "--out", "--quiet", "--debug-stage"),
		clitest.Case{Name: "unknown subcommand", Args: []string{"lst"}, Code: cli.ExitUsage, Stderr: "gen: unknown command \"lst\" for \"gen\"" + see("gen")},
		clitest.Case{Name: "subcommand's unknown flag", Args: []string{"list", "--no-such-flag"}, Code: cli.ExitUsage, Stderr: "gen: unknown flag: --no-such-flag" + see("gen list")},
		clitest.Case{Name: "subcommand's arguments", Args: []string{"explain"}, Code: cli.ExitUsage, Stderr: "gen: accepts 1 arg(s), received 0" + see("gen explain")},
		clitest.Case{Name: "subcommand's help", Args: []string{"crds", "--help"}, Code: cli.ExitOK, StdoutHas: []string{"--pattern", "--crd-dir"}},
		clitest.Case{Name: "missing config", Args: []string{"--config", "/nonexistent/azure-arm.yaml", "-q"}, Code: cli.ExitFailure},
	)
	clitest.Run(t, newRootCommand, cases)
}
