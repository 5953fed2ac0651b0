// Alarm parameters (spec 2 §7 'Alarms' parameter calls; AlarmAdministration): the organization's templates (list,
// edit, soft delete that turns off the parameters using it, restore, history) and each site's parameters (the grid,
// the edit of one column with errors by index and property, history).
import {
  parameterEditEndpoint,
  parameterHistoryEndpoint,
  saveParameterEditEndpoint,
  siteAlarmParametersEndpoint,
  templateDeleteEndpoint,
  templateEditEndpoint,
  templateEndpoint,
  templateHistoryEndpoint,
  templateListEndpoint,
  templateRestoreEndpoint,
} from '@/contracts/alarm-parameter';
import { defineRoute } from '../http/define-route';
import {
  parameterEdit,
  parameterHistory,
  saveParameterEdit,
  saveTemplate,
  setTemplateDeleted,
  siteAlarmParameterRows,
  templateForm,
  templateHistory,
  templateList,
} from '../services/alarm-parameter-edits';

export const alarmParameterRoutes = [
  defineRoute(templateListEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary: "The organization's alarm parameter templates with the sites using each (deleted ones with showDeleted)",
    handler: ({ database, organizationId, query }) => templateList(database, organizationId!, query),
  }),
  defineRoute(templateEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary: 'One template of the organization',
    handler: ({ database, organizationId, query }) => templateForm(database, organizationId!, query),
  }),
  defineRoute(templateEditEndpoint, {
    orgScope: { from: 'body', key: 'organizationId' },
    summary: 'Adds (id 0) or updates a template; a deleted template cannot be edited',
    example: {
      body: {
        id: 0,
        name: 'CH4 Spike',
        alarmType: 0,
        measurementTypeId: 1,
        detail: {
          calculationMethod: 1,
          hiThreshold: 100,
          hiHiThreshold: null,
          criticalThreshold: null,
          slidingWindowSizeInHours: 0.25,
          resetEvaluationPeriodInHours: 1,
          triggersLdarWorkflow: false,
        },
      },
    },
    handler: ({ body, database, organizationId, user }) => saveTemplate(database, user!, organizationId!, body),
  }),
  ...(['Delete', 'Restore'] as const).map((action) =>
    defineRoute(action === 'Delete' ? templateDeleteEndpoint : templateRestoreEndpoint, {
      orgScope: { from: 'body', key: 'organizationId' },
      summary:
        action === 'Delete'
          ? 'Soft-deletes a template and turns off the site parameters using it'
          : 'Restores a deleted template (its parameters stay off until turned on)',
      example: { params: { id: '1' }, body: {} },
      handler: ({ params, organizationId, user, database }) =>
        setTemplateDeleted(database, user!, organizationId!, params.id, action === 'Delete'),
    }),
  ),
  defineRoute(templateHistoryEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary: "A template's saved states, newest first",
    handler: ({ database, organizationId, query }) => templateHistory(database, organizationId!, query),
  }),
  defineRoute(siteAlarmParametersEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary: "The organization's sites with their sensors, alarm parameters and warnings",
    handler: ({ database, organizationId }) => siteAlarmParameterRows(database, organizationId!),
  }),
  defineRoute(parameterEditEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary:
      "A site's parameters of one alarm type and gas, whether the site has the sensor, and the devices a parameter can pick",
    handler: ({ database, organizationId, query }) => parameterEdit(database, organizationId!, query),
  }),
  defineRoute(saveParameterEditEndpoint, {
    orgScope: { from: 'body', key: 'organizationId' },
    summary:
      "Saves a site's parameters of one alarm type and gas: new ones (id 0) are added; errors come back by index and property",
    example: { body: { siteId: 1, alarmType: 0, measurementTypeId: 1, parameters: [] } },
    handler: ({ body, database, organizationId, user }) => saveParameterEdit(database, user!, organizationId!, body),
  }),
  defineRoute(parameterHistoryEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary: "A site parameter's saved states, newest first",
    handler: ({ database, organizationId, query }) => parameterHistory(database, organizationId!, query),
  }),
];
