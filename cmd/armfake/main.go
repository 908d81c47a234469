// Command armfake serves an Azure Resource Manager emulator built from the ARM swagger of a
// spec root (see docs/armfake.md).
package main

import (
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/armgen/armgen/internal/cli"
	"github.com/armgen/armgen/pkg/armfake"
)

// grants collects repeated --grant CLIENT[:SECRET]=SCOPE[,SCOPE...] flags.
type grants map[string]armfake.Client

func (g grants) String() string { return "" }

func (g grants) Type() string { return "grant" }

func (g grants) Set(v string) error {
	who, scopes, ok := strings.Cut(v, "=")
	if !ok || who == "" {
		return fmt.Errorf("want CLIENT[:SECRET]=SCOPE[,SCOPE...], got %q", v)
	}
	id, secret, _ := strings.Cut(who, ":")
	c := armfake.Client{Secret: secret}
	for _, s := range strings.Split(scopes, ",") {
		if s = strings.TrimSpace(s); s != "" {
			c.Scopes = append(c.Scopes, s)
		}
	}
	g[id] = c
	return nil
}

func main() { cli.Main(newCommand()) }

func newCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "armfake",
		Short: "An Azure Resource Manager emulator built from ARM swagger",
		Long: `armfake serves an Azure Resource Manager emulator built from the ARM swagger of a spec root,
until interrupted: resources, long-running operations, tokens for the clients it knows, and
injected faults (see docs/armfake.md). It prints its URL, CA file and the environment that points
a client at it.`,
		Args: cobra.NoArgs,
	}
	f := bindFlags(cmd)
	cmd.RunE = func(cmd *cobra.Command, _ []string) error { return run(cmd, f) }
	cli.Configure(cmd)
	return cmd
}

// flags is what the command line sets.
type flags struct {
	opts                     armfake.Options
	grants                   grants
	faultsFile, groups, subs string
	echo                     bool
}

// bindFlags declares every flag of armfake, in one place.
func bindFlags(cmd *cobra.Command) *flags {
	f := &flags{grants: grants{}}
	opts := &f.opts
	fs := cmd.Flags()
	fs.StringVar(&opts.SpecRoot, "spec-root", os.Getenv("ARMGEN_SPEC_ROOT"), "spec root (the specification folder; default $ARMGEN_SPEC_ROOT)")
	fs.StringVar(&opts.Addr, "listen", "127.0.0.1:0", "listen address (port 0 picks a free port)")
	fs.StringVar(&f.groups, "groups", "", "comma-separated provider groups to serve (network,storage); default all")
	fs.IntVar(&opts.LROPolls, "lro-polls", 0, "polls a long-running operation answers InProgress before it finishes")
	fs.DurationVar(&opts.LRODuration, "lro-duration", 0, "minimum time a long-running operation stays InProgress")
	fs.DurationVar(&opts.LROFinishAfter, "lro-finish-after", 0, "finish a long-running operation once it has run this long, polled or not (0: only polls finish it)")
	fs.DurationVar(&opts.OperationExpiry, "operation-expiry", 0, "answer 404 on an operation's status URL once it started this long ago (0: never)")
	fs.BoolVar(&opts.ForceLRO, "force-lro", false, "make every PUT and DELETE long-running")
	fs.DurationVar(&opts.RetryAfter, "retry-after", 0, "poll interval advised in Retry-After (default: each service's own advice when realistic, else 1s)")
	fs.StringVar(&f.faultsFile, "faults", "", "YAML or JSON file of faults to inject")
	fs.Int64Var(&opts.Seed, "seed", 0, "seed for generated values and probabilistic faults")
	fs.IntVar(&opts.ListPageSize, "list-page-size", 0, "answer lists a page of this many items at a time, with nextLink (0: one page)")
	fs.StringVar(&opts.CADir, "ca-dir", "", "folder for the CA file (default a temporary folder)")
	fs.Var(f.grants, "grant", "CLIENT[:SECRET]=SCOPE[,SCOPE...]: a client limited to these ARM IDs (repeatable)")
	fs.BoolVar(&opts.StrictClients, "strict-clients", false, "refuse tokens to clients without --grant")
	fs.BoolVar(&opts.RequireAuth, "require-auth", false, "refuse ARM requests without a bearer token")
	fs.StringVar(&f.subs, "subscriptions", "", "comma-separated subscription ids that exist (default: all)")
	fs.BoolVar(&f.echo, "echo", false, "answer with what was sent instead of as Azure does (display-name locations, service defaults, re-cased IDs, keys null in GET, each service's long-running answers)")
	fs.IntVar(&opts.RequestBudget.Reads, "budget-reads", 0, "reads (GET) a subscription may make per --budget-window before 429 (0: no limit)")
	fs.IntVar(&opts.RequestBudget.Writes, "budget-writes", 0, "writes (PUT, PATCH, DELETE, POST) a subscription may make per --budget-window before 429 (0: no limit)")
	fs.DurationVar(&opts.RequestBudget.Window, "budget-window", time.Hour, "the window of --budget-reads and --budget-writes")
	return f
}

func run(cmd *cobra.Command, f *flags) error {
	opts := f.opts
	if opts.LROPolls == 0 {
		opts.LROPolls = -1 // Options reads 0 as its default (2)
	}
	// The binary stands in for Azure, so it answers as Azure does unless asked to echo; the
	// package keeps echoing by default for the tests written against it.
	opts.Realistic = !f.echo
	if f.groups != "" {
		opts.Groups = strings.Split(f.groups, ",")
	}
	if f.subs != "" {
		opts.Subscriptions = strings.Split(f.subs, ",")
	}
	if f.faultsFile != "" {
		faults, err := armfake.LoadFaults(f.faultsFile)
		if err != nil {
			return err
		}
		opts.Faults = faults
	}
	if len(f.grants) > 0 {
		opts.Clients = f.grants
	}
	start := time.Now()
	srv, err := armfake.NewServer(opts)
	if err != nil {
		return err
	}
	defer srv.Close()
	out := cmd.OutOrStdout()
	types, versions := srv.ResourceTypes()
	fmt.Fprintf(out, "armfake listening on %s\n", srv.URL())
	fmt.Fprintf(out, "CA file: %s\n", srv.CAFile())
	fmt.Fprintf(out, "serving %d resource types (%d type/api-version pairs), started in %s\n", types, versions, time.Since(start).Round(time.Millisecond))
	if w := srv.Warnings(); len(w) > 0 {
		fmt.Fprintf(out, "skipped %d version folders that could not be loaded (GET %s/armfake/info lists them)\n", len(w), srv.URL())
	}
	fmt.Fprintf(out, "admin: %s/armfake/requests\n", srv.URL())
	fmt.Fprintln(out, "export:")
	for _, e := range srv.Env() {
		k, v, _ := strings.Cut(e, "=")
		fmt.Fprintf(out, "export %s=%q\n", k, v)
	}
	// Serve until interrupted: cli.Main cancels the context on SIGINT and SIGTERM.
	<-cmd.Context().Done()
	return nil
}
