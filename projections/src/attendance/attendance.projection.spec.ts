import { givenEvents } from '../testing/given-events.test-support';
import { attendanceProjection } from './attendance.projection';

const stream = 'attendance-t1.e1';
const at = (employee_id: string, business_date: string) => ({
  employee_id,
  latitude: 24.7,
  longitude: 46.7,
  distance_m: 5,
  business_date,
});

describe('attendance shifts', () => {
  it('given a late shift checked in before midnight and out after it, then it is one shift of the day it began', async () => {
    // Riyadh (UTC+3): in on Thursday 22:30, out on Friday 02:15, as salons open 16:00-02:00 do
    const read = await givenEvents(attendanceProjection, [
      { type: 'CheckedIn', stream, data: at('e1', '2027-03-04'), at: '2027-03-04T19:30:00.000Z' },
      { type: 'CheckedOut', stream, data: at('e1', '2027-03-05'), at: '2027-03-04T23:15:00.000Z' },
    ]);
    const shifts = await read.find('shifts');
    expect(shifts).toHaveLength(1);
    expect(shifts[0]).toMatchObject({
      business_date: '2027-03-04',
      check_in_at: '2027-03-04T19:30:00.000Z',
      check_out_at: '2027-03-04T23:15:00.000Z',
      minutes: 225,
    });
  });
});
