import { describe, expect, it } from 'vitest';
import {
  detailProblems,
  numericInputOk,
  PARAMETER_MESSAGES as M,
  siteNamesTooltip,
  siteParameterChange,
  siteParameterProblems,
  templateProblems,
  templateWithAlarmType,
  type SiteParameterForm,
  type TemplateForm,
} from '@/domain/alarm-parameter';

const detail = {
  calculationMethod: 1,
  hiThreshold: 10,
  hiHiThreshold: null,
  criticalThreshold: null,
  slidingWindowSizeInHours: 0.25,
  resetEvaluationPeriodInHours: 1,
  triggersLdarWorkflow: false,
};
const param = (p: Partial<SiteParameterForm> = {}): SiteParameterForm => ({
  ...detail,
  id: 0,
  alarmType: 0,
  measurementTypeId: 1,
  status: 1,
  alarmParameterTemplateId: null,
  alarmDeviceType: 0,
  deviceIds: [],
  ...p,
});

describe('alarm parameter rules', () => {
  it('orders the thresholds', () => {
    expect(detailProblems(0, { ...detail, hiThreshold: null }, false)).toEqual({ hiThreshold: M.hiRequired });
    expect(detailProblems(0, { ...detail, hiThreshold: -1 }, false)).toEqual({ hiThreshold: M.hiMin });
    expect(detailProblems(0, { ...detail, hiHiThreshold: 10 }, false)).toEqual({
      hiHiThreshold: 'HI-HI Threshold must be greater than HI Threshold',
    });
    expect(detailProblems(0, { ...detail, criticalThreshold: 5 }, false)).toEqual({
      criticalThreshold: 'Critical Threshold must be greater than HI Threshold',
    });
    expect(detailProblems(0, { ...detail, hiHiThreshold: 20, criticalThreshold: 20 }, false)).toEqual({
      criticalThreshold: 'Critical Threshold must be greater than HI-HI Threshold',
    });
    expect(detailProblems(0, { ...detail, hiHiThreshold: 20, criticalThreshold: 30 }, false)).toEqual({});
  });

  it('bounds windows and reset periods by alarm type, with 15-minute steps for site measurement parameters', () => {
    expect(detailProblems(0, { ...detail, slidingWindowSizeInHours: 25 }, false)).toEqual({
      slidingWindowSizeInHours: M.windowRange(24),
    });
    expect(
      detailProblems(1, { ...detail, slidingWindowSizeInHours: 100, resetEvaluationPeriodInHours: null }, false),
    ).toEqual({});
    expect(
      detailProblems(1, { ...detail, slidingWindowSizeInHours: 169, resetEvaluationPeriodInHours: null }, false),
    ).toEqual({ slidingWindowSizeInHours: M.windowRange(168) });
    expect(detailProblems(0, { ...detail, resetEvaluationPeriodInHours: null }, false)).toEqual({
      resetEvaluationPeriodInHours: M.resetRequired,
    });
    expect(detailProblems(0, { ...detail, resetEvaluationPeriodInHours: 0.5 }, false)).toEqual({
      resetEvaluationPeriodInHours: M.resetRange(1),
    });
    expect(detailProblems(1, { ...detail, resetEvaluationPeriodInHours: 0.5 }, false)).toEqual({});
    expect(detailProblems(0, { ...detail, slidingWindowSizeInHours: 0.3 }, true)).toEqual({
      slidingWindowSizeInHours: 'Only 15 minute increments are supported',
    });
    expect(detailProblems(0, { ...detail, slidingWindowSizeInHours: 0.3 }, false)).toEqual({});
    expect(detailProblems(0, { ...detail, slidingWindowSizeInHours: 1.75 }, true)).toEqual({});
  });

  it('accepts numeric typing of digits, one point, four decimals and fifteen characters', () => {
    for (const ok of ['', '1', '12.', '12.5', '0.1234', '123456789012345']) expect(numericInputOk(ok)).toBe(true);
    for (const bad of ['-1', '1.23456', '1.2.3', '1e5', 'abc', '1234567890123456'])
      expect(numericInputOk(bad)).toBe(false);
  });

  it('checks site parameters: device type, selected devices, nothing for Off, no detail with a template', () => {
    expect(siteParameterProblems(param({ alarmDeviceType: null }))).toEqual({ alarmDeviceType: M.deviceTypeRequired });
    expect(siteParameterProblems(param({ alarmDeviceType: 2 }))).toEqual({ deviceIds: M.devicesRequired });
    expect(siteParameterProblems(param({ status: 0, hiThreshold: null }))).toEqual({});
    expect(siteParameterProblems(param({ alarmParameterTemplateId: 4, hiThreshold: null }))).toEqual({});
  });

  it('applies the side effects of Max, the device type and the template alarm type', () => {
    expect(
      siteParameterChange(param({ calculationMethod: 0, slidingWindowSizeInHours: 2 }), 'calculationMethod', 1)
        .slidingWindowSizeInHours,
    ).toBe(0.25);
    expect(
      siteParameterChange(param({ alarmDeviceType: 2, deviceIds: [1, 2] }), 'alarmDeviceType', 3).deviceIds,
    ).toEqual([]);
    const t: TemplateForm = { ...detail, id: 0, name: 'x', alarmType: 0, measurementTypeId: 4 };
    expect(templateWithAlarmType(t, 1)).toMatchObject({
      alarmType: 1,
      calculationMethod: 0,
      resetEvaluationPeriodInHours: null,
      measurementTypeId: 1,
    });
    expect(templateWithAlarmType({ ...t, calculationMethod: 0, resetEvaluationPeriodInHours: null }, 0)).toMatchObject({
      calculationMethod: 1,
      resetEvaluationPeriodInHours: 1,
    });
    expect(templateProblems({ ...t, name: 'x'.repeat(101) })).toEqual({ name: M.nameTooLong });
  });

  it('lists up to ten site names, then how many more', () => {
    const names = Array.from({ length: 12 }, (_, i) => `S${i + 1}`);
    expect(siteNamesTooltip(names)).toBe('S1, S2, S3, S4, S5, S6, S7, S8, S9, S10 and 2 more');
    expect(siteNamesTooltip(['A'])).toBe('A');
  });
});
