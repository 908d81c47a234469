package armctl

import (
	"testing"

	"github.com/spf13/cobra"

	"github.com/armgen/armgen/internal/cli"
	"github.com/armgen/armgen/internal/cli/clitest"
)

func TestCommandLine(t *testing.T) {
	see := func(cmd string) string { return " (see '" + cmd + " --help')\n" }
	newCommand := func() *cobra.Command { return NewCommand(Env{}) }
	// armctl's root takes no value flag: the standard cases minus that one, plus its
	// subcommands'.
	var cases []clitest.Case
	for _, c := range clitest.Standard("armctl", "--unused") {
		if c.Name != "flag without its value" {
			cases = append(cases, c)
		}
	}
	cases = append(cases,
		clitest.Case{Name: "help lists clean", Args: []string{"--help"}, Code: cli.ExitOK, StdoutHas: []string{"clean", "import"}},
		clitest.Case{Name: "unknown subcommand", Args: []string{"cleen"}, Code: cli.ExitUsage, Stderr: "armctl: unknown command \"cleen\" for \"armctl\"" + see("armctl")},
		clitest.Case{Name: "clean crds help", Args: []string{"clean", "crds", "--help"}, Code: cli.ExitOK, StdoutHas: []string{"--dry-run", "--kubeconfig", "--context", "storedVersions"}},
		clitest.Case{Name: "clean crds argument", Args: []string{"clean", "crds", "all"}, Code: cli.ExitUsage,
			Stderr: "armctl: unknown command \"all\" for \"armctl clean crds\"" + see("armctl clean crds")},
		clitest.Case{Name: "clean crds flag without its value", Args: []string{"clean", "crds", "--kubeconfig"}, Code: cli.ExitUsage,
			Stderr: "armctl: flag needs an argument: --kubeconfig" + see("armctl clean crds")},
		clitest.Case{Name: "clean crds with no cluster", Args: []string{"clean", "crds", "--kubeconfig", "/nonexistent/kubeconfig"}, Code: cli.ExitFailure,
			StderrHas: []string{"armctl: no cluster to talk to: ", "/nonexistent/kubeconfig"}},
		clitest.Case{Name: "import without IDs", Args: []string{"import", "azure-resource"}, Code: cli.ExitUsage,
			Stderr: "armctl: requires at least 1 arg(s), only received 0" + see("armctl import azure-resource")},
		clitest.Case{Name: "import bad policy", Args: []string{"import", "azure-resource", "/subscriptions/x", "--reconcile-policy", "maybe"}, Code: cli.ExitFailure,
			Stderr: "armctl: --reconcile-policy \"maybe\": want manage or skip\n"},
	)
	clitest.Run(t, newCommand, cases)
}
