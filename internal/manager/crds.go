package manager

import (
	"context"
	"fmt"

	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/log"

	"github.com/armgen/armgen/internal/crdmanagement"
	"github.com/armgen/armgen/pkg/crdpattern"
)

// CRD management modes, as ASO's --crd-management names them.
const (
	CRDManagementAuto = "auto"
	CRDManagementNone = "none"
)

// defaultNamespace is the operator's namespace when POD_NAMESPACE is unset (outside a cluster):
// the one config/ deploys to, where the webhook Service is.
const defaultNamespace = "armgen-system"

// CheckCRDManagement accepts exactly the --crd-management values. An empty one is refused
// here, where it comes from a command line (--crd-management=): only Options' zero value means
// none.
func CheckCRDManagement(mode string) error {
	if mode == CRDManagementAuto || mode == CRDManagementNone {
		return nil
	}
	return fmt.Errorf("--crd-management %q: accepted are %s (install and upgrade the operator's CRDs) and %s (leave CRDs alone)", mode, CRDManagementAuto, CRDManagementNone)
}

// manageCRDs runs CRD management before the manager is built, so the manager's REST mapper
// sees the CRDs it installed (ASO restarts its pod instead). A CRD that cannot be installed or
// upgraded is logged as an error naming it and what to do, and its kind is not watched: the
// operator keeps serving the rest rather than crash-looping on what only a person can settle.
func manageCRDs(cfg *rest.Config, opts Options) (*crdmanagement.Result, error) {
	if opts.CRDManagement == "" || opts.CRDManagement == CRDManagementNone {
		return nil, nil
	}
	if err := CheckCRDManagement(opts.CRDManagement); err != nil {
		return nil, err
	}
	logger := log.Log.WithName("crd-management")
	res, err := crdmanagement.Run(context.Background(), cfg, crdmanagement.Options{
		Pattern:   crdpattern.Join(opts.CRDPattern, opts.AdditionalCRDPattern),
		Version:   opts.Version,
		Namespace: orDefault(opts.Settings.PodNamespace, defaultNamespace),
		Log:       logger,
		// ASO writes CRDs only from a pod that serves webhooks: a watchers-only deployment is
		// not given the permission, and the webhook pods install them.
		PlanOnly: !opts.Settings.OperatorMode.IncludesWebhooks(),
	})
	if err != nil {
		return nil, err
	}
	for _, e := range res.Errors {
		logger.Error(e, "CRD not installed or upgraded; its kind is not watched until this is settled and the operator restarted")
	}
	return res, nil
}
